"""The game's words in the player's language: gettext catalogs under assets/locale/ (the .po
beside its compiled .mo; scripts/make_catalogs.py extracts, merges and compiles them with Babel).

The language is the settings' (`LANGUAGES`: "auto" follows the system's locale, LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, as gettext reads them). `use` switches it at once: a screen
translates its words with `_` as it draws them, so the next frame is in the new language; words
kept before they are drawn (a row's name, a table of keys) are marked with `N_` and translated
where they are drawn. No other game module is imported here: every layer may use it.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping

from .assets import asset_bytes

DOMAIN = "llk"
LANGUAGES = ("auto", "en", "zh_CN")
"""The settings' choices: the system's language, or one of the game's."""
TRANSLATED = ("zh_CN",)  # the languages with a catalog (English is the messages themselves)

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def N_(message: str) -> str:
    """`message`, marked for the catalog: translated later, where it is drawn."""
    return message


def _(message: str) -> str:
    """`message` in the language in force."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular` or `plural` for `n` in the language in force."""
    return _active.ngettext(singular, plural, n)


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The game's language for the system's locale: the first of LANGUAGE, LC_ALL, LC_MESSAGES
    and LANG that is set (gettext's order); Chinese in any script or region reads the Simplified
    catalog, every other language English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            first = value.split(":")[0].split(".")[0].split("@")[0]
            return "zh_CN" if first.lower().startswith("zh") else "en"
    return "en"


def resolve(choice: str, environ: Mapping[str, str] = os.environ) -> str:
    """The language a settings choice means: "auto" the system's, an unknown one English."""
    if choice == "auto":
        return system_language(environ)
    return choice if choice in TRANSLATED else "en"


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (the messages themselves for English)."""
    if language not in TRANSLATED:
        return gettext.NullTranslations()
    data = asset_bytes("locale", language, "LC_MESSAGES", f"{DOMAIN}.mo")
    return gettext.GNUTranslations(io.BytesIO(data))


def use(language: str) -> str:
    """Puts `language` ("en", "zh_CN"; see `resolve`) in force from the next word translated."""
    global _active, _language
    _language = language if language in TRANSLATED else "en"
    _active = catalog(_language)
    return _language


def language() -> str:
    """The language in force."""
    return _language
