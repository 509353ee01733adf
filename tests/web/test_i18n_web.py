"""The web renders in the reader's language (service.web.i18n): the templates' own sentences through
Flask-Babel, the domain's messages with |tr, error pages and JSON answers alike. A pseudo catalog stands
in for a language, so these tests do not depend on the translations; who reads which language is
tests/i18n/test_languages.py."""
from __future__ import annotations

import pytest

import locales
from domain.i18n import _, n_
from service.web import i18n
from tests.web.helpers import call, embedded_app, new_game

PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Your games"
msgstr "Játékaid"

msgid "Not found"
msgstr "Nincs meg"

msgid "There is nothing here."
msgstr "Itt nincs semmi."

msgid "\"%(name)s\" must be a whole number."
msgstr "A(z) \"%(name)s\" egész szám legyen."

msgid "%(n)d card"
msgid_plural "%(n)d cards"
msgstr[0] "%(n)d kártya"
msgstr[1] "%(n)d kártyát"
'''


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    path = tmp_path / "hu" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(locales, "catalog_path", lambda language: tmp_path / language / "LC_MESSAGES" / "messages.po")
    monkeypatch.setattr(i18n, "reader_language", lambda: "hu")
    locales.translations.cache_clear()
    yield "hu"
    locales.translations.cache_clear()


def test_outside_a_request_the_reader_reads_english():
    assert i18n.reader_language() == "en" and i18n.current_language() == "en"


def test_pages_errors_and_json_answers_are_in_the_readers_language(svc, pseudo):
    client = embedded_app(svc).test_client()
    page = client.get("/")
    assert page.status_code == 200 and "Játékaid" in page.text and 'lang="hu"' in page.text
    missing = client.get("/no-such-page")
    assert missing.status_code == 404 and "Nincs meg" in missing.text and "Itt nincs semmi." in missing.text
    token = new_game(client)["tokens"]["red"]
    refused = call(client, "GET", "/api/games?limit=many", token)
    assert refused.status_code == 400 and refused.get_json() == {"error": 'A(z) "limit" egész szám legyen.'}


def test_domain_messages_are_rendered_inside_json_and_by_the_tr_filter(svc, pseudo):
    app = embedded_app(svc)
    with app.test_request_context("/"):
        body = app.json.dumps({"cards": [n_("%(n)d card", "%(n)d cards", 2)], "plain": "text", "n": 2})
        assert body == '{"cards": ["2 kártyát"], "plain": "text", "n": 2}'
        assert app.jinja_env.filters["tr"](_("Your games")) == "Játékaid"
        assert app.jinja_env.filters["tr"](_("Your games").to_json()) == "Játékaid"
        assert str(i18n.tr_html(_("%(who)s: <b>%(what)s</b>", who="<i>", what=_("Not found")))) \
            == "&lt;i&gt;: <b>Nincs meg</b>"
