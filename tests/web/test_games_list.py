"""GET /api/games and the lobby page `/`: the games index as one query, paged newest first with a cursor,
filtered by status and by what the caller may see (the operator every game, a seat token its game, a
browser session its remembered games)."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from service.store import Store
from tests.web.helpers import OPERATOR, call, embedded_app, error_of, login, new_game, production_app


@pytest.fixture
def prod(prod_svc):
    return production_app(prod_svc).test_client()


def next_link(response) -> str | None:
    found = re.search(r'<([^>]+)>; rel="next"', response.headers.get("Link", ""))
    return found.group(1) if found else None


def walk(client, url, token):
    """Every page, following rel="next"; returns the rows and the number of pages."""
    rows, pages = [], 0
    while url:
        r = call(client, "GET", url, token)
        assert r.status_code == 200, r.get_json()
        rows += r.get_json()
        pages += 1
        url = next_link(r)
    return rows, pages


def test_the_operator_pages_through_every_game_newest_first(prod, prod_svc):
    for _ in range(5):
        new_game(prod, token=OPERATOR)
    everything = prod_svc.store.list_games()  # the whole index, newest first
    rows, pages = walk(prod, "/api/games?limit=2", OPERATOR)
    assert [r["id"] for r in rows] == [g["id"] for g in everything]  # no game twice, none missing, in order
    assert pages == (len(everything) + 1) // 2
    first = call(prod, "GET", "/api/games", OPERATOR)
    assert len(first.get_json()) == min(50, len(everything))  # the default page is bounded
    assert (next_link(first) is not None) == (len(everything) > 50)


def test_a_status_filter_and_a_seat_token_see_only_theirs(prod, prod_svc):
    a, b = new_game(prod, token=OPERATOR), new_game(prod, token=OPERATOR)
    prod_svc.abandon(b["id"], "operator", "test")
    abandoned, _ = walk(prod, "/api/games?status=abandoned&limit=3", OPERATOR)
    assert b["id"] in [r["id"] for r in abandoned] and {r["status"] for r in abandoned} == {"abandoned"}
    both, _ = walk(prod, "/api/games?status=active,abandoned&limit=3", OPERATOR)
    assert {a["id"], b["id"]} <= {r["id"] for r in both}
    mine = call(prod, "GET", "/api/games", a["tokens"]["red"]).get_json()
    assert [r["id"] for r in mine] == [a["id"]] and mine[0]["your_seats"] == ["red"]
    assert call(prod, "GET", "/api/games?status=abandoned", a["tokens"]["red"]).get_json() == []


@pytest.mark.parametrize("query", ["limit=0", "limit=501", "limit=ten", "status=lost", "before=nonsense",
                                   "before=2024-01-01T00:00:00+00:00_not-a-uuid"])
def test_malformed_paging_is_refused_with_a_sentence(prod, query):
    r = call(prod, "GET", f"/api/games?{query}", OPERATOR)
    assert r.status_code == 400 and error_of(r)


def test_the_lobby_pages_the_sessions_games_only(svc):
    client = embedded_app(svc).test_client()
    mine = [new_game(client) for _ in range(3)]
    other = embedded_app(svc).test_client()
    theirs = new_game(other)
    for g in mine:
        login(client, g["tokens"]["red"])
    page = client.get("/").text
    assert all(g["id"] in page for g in mine) and theirs["id"] not in page
    from service.web import lobby

    old, lobby.LOBBY_PAGE = lobby.LOBBY_PAGE, 2
    try:
        first = client.get("/").text
        older = re.search(r'<a href="([^"]+)" rel="next">Older games</a>', first)
        assert older and sum(g["id"] in first for g in mine) == 2
        url = older.group(1).replace("&amp;", "&")
        assert parse_qs(urlparse(url).query)["before"]
        second = client.get(url).text
        shown = [g["id"] for g in mine if g["id"] in first or g["id"] in second]
        assert len(shown) == 3 and "Older games" not in second and theirs["id"] not in second
    finally:
        lobby.LOBBY_PAGE = old


def test_the_lobby_page_takes_a_limit_and_its_older_link_keeps_it(svc):
    """`/?limit=` as the API's: that many games a page (the same rows whatever the number of games, which
    is how bench.bench_length compares the lobby at 10 and 10,000 games), the next page's link keeps it."""
    client = embedded_app(svc).test_client()
    mine = [new_game(client) for _ in range(3)]
    for g in mine:
        login(client, g["tokens"]["red"])
    def listed(page):  # the games a lobby page lists (each links its game page)
        return set(re.findall(r'<h2><a href="/games/([0-9a-f-]{36})"', page))

    first = client.get("/?limit=2").text
    assert len(listed(first)) == 2 and listed(first) <= {g["id"] for g in mine}
    older = re.search(r'<a href="([^"]+)" rel="next">Older games</a>', first)
    query = parse_qs(urlparse(older.group(1).replace("&amp;", "&")).query)
    assert query["limit"] == ["2"] and query["before"]
    second = client.get(older.group(1).replace("&amp;", "&")).text
    assert listed(first) | listed(second) == {g["id"] for g in mine} and len(listed(second)) == 1
    assert "Older games" not in second and "Older games" not in client.get("/?limit=3").text
    for bad in ("0", "501", "ten", "-1"):
        assert client.get(f"/?limit={bad}").status_code == 400


def test_init_db_adds_the_indexes_to_an_existing_database(prod_svc):
    db = prod_svc.store.db
    db.execute("DROP INDEX IF EXISTS tabularium_games_created")
    db.execute("DROP INDEX IF EXISTS tabularium_games_status_created")

    def indexes() -> set[str]:
        if db.is_postgres:
            rows = db.query("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'tabularium_games'")
        else:
            rows = db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tabularium_games'")
        return {r["name"] for r in rows}

    assert "tabularium_games_created" not in indexes()
    Store.create_tables(prod_svc.store)  # what `tabularium init-db` runs
    assert {"tabularium_games_created", "tabularium_games_status_created"} <= indexes()


@pytest.mark.parametrize("damage", ["{not json", "[" * 100_000 + "]" * 100_000, '"a string"', '[{"no": "seat"}]'])
def test_one_damaged_games_list_row_is_left_out_with_an_alert_not_a_500_for_everybody(prod, prod_svc, damage,
                                                                                      caplog):
    good = new_game(prod, token=OPERATOR)["id"]
    bad = new_game(prod, token=OPERATOR)["id"]
    prod_svc.store.db.execute("UPDATE tabularium_games SET seats=? WHERE id=?", (damage, bad))
    with caplog.at_level("ERROR", logger="tabularium.integrity"):
        listed = call(prod, "GET", "/api/games", OPERATOR)
        page = embedded_app(prod_svc).test_client().get("/")
    assert listed.status_code == 200 and page.status_code == 200
    ids = [g["id"] for g in listed.get_json()]
    assert good in ids and bad not in ids
    assert any("integrity alert" in r.getMessage() and bad in r.getMessage() for r in caplog.records)
