#!/usr/bin/env python3
"""Extracts the game's words into its gettext catalogs and compiles them, with Babel.

    python scripts/make_catalogs.py          # updates assets/locale/*/LC_MESSAGES/llk.po, .mo
    python scripts/make_catalogs.py --check  # exits 1 when a catalog is behind the source

The words are the arguments of `_`, `N_` and `ngettext` (llk.game.i18n) in python/llk/game:
every screen's, the model's notices and `llk play --help`. A new word lands in each .po
untranslated (tests/test_catalogs.py then fails until it is translated); a word gone from the
source leaves the .po. The compiled .mo is committed beside its .po, so that both wheels, the
maturin one and the pure-Python one, carry it as package data with no build step of their own
(the test compiles the .po again and compares).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "python" / "llk" / "game"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "llk"
LANGUAGES = ("zh_CN",)
# Babel's mapping (a babel.cfg's [python: **.py]) and keywords: i18n's three functions.
METHOD_MAP = [("**.py", "python")]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
# The header's dates stay put, so that a rerun changes nothing when no word did.
CREATED = dt.datetime(2026, 12, 3, tzinfo=dt.timezone.utc)
HEADER = {
    "project": "llk",
    "copyright_holder": "the llk authors",
    "msgid_bugs_address": "https://github.com/llk-game/llk/issues",
    "creation_date": CREATED,
    "revision_date": CREATED,
    "fuzzy": False,
}


def extract() -> Catalog:
    """The template: every word of the source, with where it is used."""
    template = Catalog(domain=DOMAIN, charset="utf-8", **HEADER)  # type: ignore[arg-type]
    found = extract_from_dir(
        str(SOURCE), METHOD_MAP, keywords=KEYWORDS, comment_tags=("Translators:",)
    )
    for filename, lineno, message, comments, context in found:
        where = (f"python/llk/game/{filename}", lineno)
        template.add(message, None, [where], auto_comments=comments, context=context)
    return template


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def updated(language: str, template: Catalog) -> Catalog:
    """The language's catalog with the template's words: new ones untranslated, gone ones out."""
    if po_path(language).exists():
        catalog = read(language)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, **HEADER)  # type: ignore[arg-type]
        catalog.last_translator = "the llk authors"
        catalog.language_team = f"{language} <https://github.com/llk-game/llk>"
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.revision_date = CREATED
    catalog.fuzzy = False
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, no_location=True, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if behind")
    args = parser.parse_args(argv)
    template = extract()
    behind = []
    for language in LANGUAGES:
        catalog = updated(language, template)
        po, path = po_bytes(catalog), po_path(language)
        mo = mo_bytes(catalog)
        old_po = path.read_bytes() if path.exists() else b""
        old_mo = path.with_suffix(".mo").read_bytes() if path.with_suffix(".mo").exists() else b""
        if (po, mo) != (old_po, old_mo):
            behind.append(language)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(po)
                path.with_suffix(".mo").write_bytes(mo)
        untranslated = [m.id for m in catalog if m.id and not m.string]
        print(f"{language}: {len(catalog)} messages, {len(untranslated)} untranslated")
    if args.check and behind:
        print(f"behind the source: {', '.join(behind)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
