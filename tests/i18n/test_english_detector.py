"""The English detector of the whole-game tests bites on English and lets Greek and Hungarian through."""
from __future__ import annotations

from tests.i18n.english import english_in, visible_text


def test_it_finds_english_sentences_in_any_language():
    assert english_in("Choose your 6 starting characters.", "hu") == ["Choose", "your"]
    assert english_in("Γεια σας Ann, the game is waiting for you.", "el")


def test_greek_prose_with_names_codes_links_and_ids_passes():
    text = ("Γεια σας Ann, παίζετε ως Μπλε στο Sylla (Tabularium). Προθεσμία: Δευτέρα 30 Νοεμβρίου 2026 - "
            "6:00 μ.μ. CET (5:00 μ.μ. UTC). https://games.example.org/go/abc-def play+xyz@games.example.org "
            "  1. Γερουσιαστής  [senator-1] κεφαλή 6bd5cbdff1b2abb74ef0145b04616c345d39aa376bbf2ec9e e-mail")
    assert english_in(text, "el") == []


def test_in_greek_any_word_in_latin_letters_is_english_unless_a_proper_name():
    assert english_in("Μάρκες Civic 0, Health 0", "el") == ["Civic", "Health"]
    assert english_in("από το σετ II, φάση IV", "el") == []  # Roman numerals are not English
    assert english_in("Πάρτε το Colosseum", "el", allowed=frozenset({"Colosseum"})) == []


def test_hungarian_words_spelt_like_english_ones_pass():
    text = ("Válassz hat kezdő szereplőt; ez a döntés most is titkos, de be kell küldeni, ha lejár a határidő. "
            "Szia Ann, a Tabularium e-mailje.")
    assert english_in(text, "hu") == []


def test_visible_text_keeps_labels_and_drops_scripts_and_code():
    page = ('<html><head><style>.x{color:red}</style><script>var the = 1;</script></head><body>'
            '<p>Γεια</p><svg><text>Μπλε</text></svg><img alt="the board"><code>senator-1</code>'
            '<input type="submit" value="Send it"><a title="your page">x</a></body></html>')
    text = visible_text(page)
    assert "Γεια" in text and "Μπλε" in text and "the board" in text and "Send it" in text and "your page" in text
    assert "var" not in text and "senator-1" not in text and "color" not in text
