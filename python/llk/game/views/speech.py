"""Spoken feedback, said by the system's speech service (what is said is the model's:
model/spoken.py). Off unless the settings (or `llk play --speak`) turn it on.

The service is reached through prismatoid (Prism, https://pypi.org/project/prismatoid/), the one
library that speaks through each desktop's own service with one API and wheels for Linux,
Windows and macOS: Speech Dispatcher (or the Orca screen reader) on Linux, the screen reader
running (NVDA, JAWS) or SAPI / OneCore on Windows, VoiceOver or AVSpeech on macOS. It is
optional (`pip install 'llk[speech]'`) and imported only when the first sentence is said: a
machine without it, or without a speech service, plays silently and says why once
(`Speech.take_problem`, shown by the screen in sight).

A sentence never waits for the service: `Speech.say` queues it and a worker thread hands it on
(connecting to the service included, which can take a while). A new sentence interrupts the one
being said and drops those not yet said, as a screen reader does. Tests hand `Speech` a
`RecordingVoice`, which keeps what would be said, in order."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..i18n import _, language

if TYPE_CHECKING:
    from ..store.settings import Settings

# The voices' language codes that speak a language of the game's, the best first (Speech
# Dispatcher's espeak-ng names Mandarin "cmn" and lists English of many places).
VOICE_LANGUAGES = {"en": ("en-us", "en-gb", "en"), "zh_CN": ("zh-cn", "cmn", "zh")}


def best_voice(languages: list[str], language: str) -> int | None:
    """The index of the voice (of those speaking `languages`) that best speaks the game's
    `language`: the first of its codes a voice speaks exactly, else any of its region."""
    codes = VOICE_LANGUAGES.get(language, VOICE_LANGUAGES["en"])
    spoken = [code.lower() for code in languages]
    for code in codes:
        if code in spoken:
            return spoken.index(code)
    return next((i for i, code in enumerate(spoken) if code.startswith(codes)), None)


class Voice(Protocol):
    """A speech service: says `text`, cutting off what it is saying when `interrupt`."""

    def speak(self, text: str, interrupt: bool) -> None: ...

    def use_language(self, language: str) -> None:
        """Speaks `language` ("en", "zh_CN") from now on, when it has a voice for it."""
        ...


class RecordingVoice:
    """What would be said, in order (the tests' voice)."""

    def __init__(self, language: str = "en") -> None:
        self.said: list[str] = []
        self.language = language

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append(text)

    def use_language(self, language: str) -> None:
        self.language = language


class PrismVoice:
    """The system's speech service through prismatoid: the best backend it finds running."""

    def __init__(self, language: str) -> None:
        prism: Any = importlib.import_module("prism")  # ImportError: not installed
        self._context = prism.Context()
        self._backend = self._context.create_best()
        self.name: str = self._backend.name
        self._languages: list[str] | None = None  # each voice's language, read once
        self.use_language(language)

    def speak(self, text: str, interrupt: bool) -> None:
        self._backend.speak(text, interrupt)

    @property
    def voice_language(self) -> str:
        """The language code of the voice in use ("" when the backend does not say)."""
        try:
            return str(self._backend.get_voice_language(self._backend.voice))
        except Exception:  # a screen reader: no voice of ours
            return ""

    def use_language(self, language: str) -> None:
        """The voice that best speaks `language` (`best_voice`; the voices' languages read
        once); a screen reader has no voices to choose from (it speaks as its user set it)."""
        backend = self._backend
        try:
            if self._languages is None:
                backend.refresh_voices()
                count = backend.voices_count
                self._languages = [backend.get_voice_language(i) for i in range(count)]
            index = best_voice(self._languages, language)
            if index is not None:
                backend.voice = index
        except Exception:  # prism's NotImplemented and the like: no voice to choose
            return


def no_speech_message(error: BaseException) -> str:
    """The one message of a machine that cannot speak: why, and what would make it."""
    if isinstance(error, ImportError):
        return _("Spoken feedback is off: its library is not installed (pip install 'llk[speech]')")
    return _("Spoken feedback is off: the system's speech service did not answer ({error})").format(
        error=error
    )


class Speech:
    """The spoken feedback the screens call (`say`): on while `settings.speech` is."""

    def __init__(self, settings: Settings, make_voice: Callable[[str], Voice] = PrismVoice) -> None:
        self.settings = settings
        self.make_voice = make_voice
        self._pending: list[tuple[str, bool, str]] = []  # text, interrupt, language
        self._busy = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._voice: Voice | None = None
        self._voice_language = ""
        self.failed = False  # the service could not be reached: silent from then on
        self._problem: str | None = None

    @property
    def on(self) -> bool:
        return bool(self.settings.speech) and not self.failed

    def say(self, text: str, interrupt: bool = True) -> None:
        """Says `text` when speech is on ("" says nothing), at once: it is queued for the
        worker. `interrupt`: cut off what is being said and drop what waits; else it is said
        after them."""
        if not text or not self.on:
            return
        with self._changed:
            if interrupt:
                self._pending.clear()
            self._pending.append((text, interrupt, language()))
            self._start()

    def prepare(self) -> None:
        """Gets the voice ready, on the worker, when speech is on (the game's start, the
        settings' row): reaching the service and reading its voices takes seconds (3.8 s for
        Speech Dispatcher's 13,000), which the first sentence then does not wait for."""
        if not self.on:
            return
        with self._changed:
            if self._thread is None:
                self._pending.append(("", False, language()))
                self._start()

    def _start(self) -> None:
        """Wakes the worker, started the first time (the caller holds `_changed`)."""
        self._changed.notify()
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="llk-speech", daemon=True)
            self._thread.start()

    def take_problem(self) -> str | None:
        """Why speech went silent, once (None: nothing to tell, or told already)."""
        with self._changed:
            problem, self._problem = self._problem, None
        return problem

    def wait(self, timeout: float = 10.0) -> bool:
        """Waits until every sentence queued has been handed to the voice (the tests)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._pending))
                text, interrupt, words_language = self._pending.pop(0)
                self._busy = True
            try:
                self._speak(text, interrupt, words_language)
            except Exception as error:  # any failure of the library or service: silence
                with self._changed:
                    self.failed = True
                    self._pending.clear()
                    self._problem = no_speech_message(error)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def _speak(self, text: str, interrupt: bool, words_language: str) -> None:
        if self._voice is None:
            self._voice = self.make_voice(words_language)
            self._voice_language = words_language
        elif self._voice_language != words_language:
            self._voice.use_language(words_language)
            self._voice_language = words_language
        if text:  # "": getting ready (prepare)
            self._voice.speak(text, interrupt)
