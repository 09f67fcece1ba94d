"""Spoken feedback through the real library (prismatoid) to a real speech service: Speech
Dispatcher with espeak-ng, a private instance of it (its own socket, configuration and log, its
sound sent to ALSA's null device), so that the test hears nothing and disturbs no one's.

Skipped, with the reason, where the library or Speech Dispatcher is absent; CI installs both
(.ci/run: apt's speech-dispatcher and espeak-ng, the test extra's prismatoid) and sets
LLK_REQUIRE_SPEECH=1, so that there it fails instead of skipping."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import time

import pytest

from llk.game import i18n
from llk.game.store.settings import Settings
from llk.game.views.speech import PrismVoice, Speech

CONFIG = """\
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
"""


def missing() -> str | None:
    """Why the real service cannot be reached here (None: it can)."""
    if importlib.util.find_spec("prism") is None:
        return "prismatoid is not installed (pip install 'llk[speech]')"
    if shutil.which("speech-dispatcher") is None:
        return "Speech Dispatcher is not installed (apt-get install speech-dispatcher espeak-ng)"
    if not os.path.exists("/usr/lib/speech-dispatcher-modules/sd_espeak-ng"):
        return "Speech Dispatcher's espeak-ng module is not installed (apt-get install espeak-ng)"
    return None


@pytest.fixture
def dispatcher(tmp_path, monkeypatch):
    """A private Speech Dispatcher, its address in SPEECHD_ADDRESS; its log's path."""
    reason = missing()
    if reason is not None:
        if os.environ.get("LLK_REQUIRE_SPEECH") == "1":
            pytest.fail(f"LLK_REQUIRE_SPEECH=1, but {reason}")
        pytest.skip(reason)
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "speechd.conf").write_text(CONFIG)
    (tmp_path / "log").mkdir()
    socket = tmp_path / "speechd.sock"
    daemon = subprocess.Popen(
        ["speech-dispatcher", "--run-single", "--timeout", "0", "--log-level", "5",
         "--communication-method", "unix_socket", "--socket-path", str(socket),
         "--pid-file", str(tmp_path / "pid"), "--log-dir", str(tmp_path / "log"),
         "--config-dir", str(tmp_path / "conf")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while not socket.exists() and daemon.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert socket.exists(), "Speech Dispatcher did not open its socket"
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
        yield tmp_path / "log" / "speech-dispatcher.log"
    finally:
        daemon.terminate()
        try:
            daemon.wait(10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()


def synthesized(log) -> int:
    """How many times the service sent espeak-ng's sound to the audio device."""
    return log.read_text(errors="replace").count("samples to audio")


def heard(log, before: int, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if synthesized(log) > before:
            return True
        time.sleep(0.05)
    return False


def test_the_game_speaks_through_speech_dispatcher_in_english_and_chinese(dispatcher):
    voices: list[PrismVoice] = []

    def voice(language: str) -> PrismVoice:
        voices.append(PrismVoice(language))
        return voices[-1]

    speech = Speech(Settings(speech=True), make_voice=voice)
    speech.say("bamboo 3, row 2 column 5")
    assert speech.wait(60)
    assert speech.take_problem() is None and speech.on
    assert voices[0].name == "Speech Dispatcher"
    assert heard(dispatcher, 0), "espeak-ng made no sound of the sentence"
    assert voices[0].voice_language.startswith("en")
    before = synthesized(dispatcher)
    i18n.use("zh_CN")
    try:
        speech.say("三条，第2行第5列")  # noqa: RUF001
        assert speech.wait(60)
    finally:
        i18n.use("en")
    assert speech.take_problem() is None
    assert heard(dispatcher, before), "espeak-ng made no sound of the Chinese sentence"
    assert voices[0].voice_language.startswith(("zh", "cmn"))  # a Mandarin voice chosen
