"""Invitation and answer codes: a WebRTC offer or answer packed for a link's fragment."""

from __future__ import annotations

import base64
import zlib

import pytest

from ui.model.invite import FRAGMENT, MAX_CODE, BadCode, code_in, link, pack, unpack

# What a browser's offer looks like: one data channel, two host candidates.
SDP = "\r\n".join([
    "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:1467250027 1 udp 2122260223 192.0.2.2 46243 typ host generation 0",
    "a=candidate:4279214379 1 udp 2122262783 fd00::2 49623 typ host generation 0",
    "a=ice-ufrag:4ZcD", "a=ice-pwd:2/1muCWoOi3uLifh0NuRHlsm",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 75:74:5A:A6:A4:E5:52:F4:A7:67:4C:01:C7:EE:91:3F:21:3D:A2:E3:53:"
    "7B:6F:30:86:F2:30:AA:65:FB:04:24",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])


def test_an_offer_travels_in_a_link_and_comes_back_whole() -> None:
    payload = {"sdp": SDP, "seats": ["USSR.politician", "USSR.engineer"], "game": "g-7"}
    code = pack("offer", payload)
    # Random parts (fingerprint, password) hardly compress: about the SDP's own length, which
    # a QR code of version 18 or so still holds.
    assert code.startswith("o1.") and len(code) < 800
    assert all(c.isalnum() or c in "-_." for c in code)  # safe in a URL, no padding
    url = link("https://example.org/moonshot/index.html#old", code)
    assert url == "https://example.org/moonshot/index.html" + FRAGMENT + code
    assert code_in(FRAGMENT + code) == code and code_in("#rules") is None
    assert unpack("offer", url) == payload  # the whole link pasted works too
    assert unpack("offer", f"  {code}\n") == payload


def test_an_answer_is_not_taken_for_an_offer() -> None:
    answer = pack("answer", {"sdp": SDP})
    assert unpack("answer", answer) == {"sdp": SDP}
    with pytest.raises(BadCode, match="not an invitation"):
        unpack("offer", answer)


@pytest.mark.parametrize("code", ["", "o1", "o2.abc", "o1.!!!!", "o1." + "A" * 40,
                                  "o1." + base64.urlsafe_b64encode(b"\x00" * 9).decode()])
def test_a_damaged_code_is_refused_with_a_reason(code: str) -> None:
    with pytest.raises(BadCode):
        unpack("offer", code)


def _raw(data: bytes) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeezer.compress(data) + squeezer.flush()
    return "o1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_zip_bomb_a_long_code_a_cut_code_and_a_non_object_are_refused() -> None:
    bomb = _raw(b"[" + b"0," * 1_000_000 + b"0]")
    assert len(bomb) < MAX_CODE  # small to carry, huge once inflated
    with pytest.raises(BadCode, match="too large"):
        unpack("offer", bomb)
    with pytest.raises(BadCode, match="at most"):
        unpack("offer", "o1." + "A" * MAX_CODE)
    whole = pack("offer", {"sdp": SDP})
    with pytest.raises(BadCode):
        unpack("offer", whole[:-12])
    with pytest.raises(BadCode, match="damaged"):
        unpack("offer", _raw(b"[1, 2, 3]"))


def test_a_code_is_found_inside_whatever_text_was_pasted_around_it() -> None:
    """A whole chat message copied ("here is my code: a1.… see you"), a link, or the code
    with spaces around: the answer is found; of two codes, the whole (longest) one."""
    payload = {"sdp": "v=0 answer"}
    code = pack("answer", payload)
    for text in (f"here is my code: {code} see you", f"{code}\n", f"(({code}))",
                 f"https://example.org/game{FRAGMENT}{code}", f"a1. {code} a1.x"):
        assert unpack("answer", text) == payload, text
    with pytest.raises(BadCode, match="not an answer code"):
        unpack("answer", "no code here at all")


def test_a_code_nested_past_the_referees_depth_is_refused_before_it_is_parsed() -> None:
    raw = ("[" * 5_000 + "]" * 5_000).encode()
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = squeezer.compress(raw) + squeezer.flush()
    code = "a1." + base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert len(code) < MAX_CODE
    with pytest.raises(BadCode, match="damaged"):
        unpack("answer", code)
