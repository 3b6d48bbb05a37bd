"""Events and the game log: private events, redaction, causes, counting logs, listeners."""

from __future__ import annotations

import copy

from skirmish.events import Event, EventLog


def _log_with_secret() -> EventLog:
    log = EventLog()
    log.emit("start", "game begins")
    log.emit("draw", "alice draws boost3-1", rule="Draw Phase", visible_to="alice", public_text="alice draws 1 card",
             card="boost3-1")
    log.emit("note", "bob peeks at the top card", visible_to=["bob"])  # no public text: hidden from others
    log.emit("roll", "everybody sees this", visible_to=("alice", "bob"))
    return log


def test_emit_numbers_events_in_order_and_stores_data() -> None:
    log = EventLog()
    a = log.emit("roll", "d6 -> 4", rule="Shooting", value=4)
    b = log.emit("move", "moved")
    assert (a.seq, b.seq) == (0, 1)
    assert a.data == {"value": 4}
    assert a.rule == "Shooting"
    assert list(log) == [a, b]
    assert len(log) == 2


def test_visible_to_a_single_name_becomes_a_tuple() -> None:
    log = _log_with_secret()
    assert log.events[1].visible_to == ("alice",)
    assert log.events[2].visible_to == ("bob",)


def test_the_owner_of_a_private_event_sees_it_in_full() -> None:
    seen = _log_with_secret().for_player("alice")
    texts = [e.text for e in seen]
    assert "alice draws boost3-1" in texts
    assert seen[1].data == {"card": "boost3-1"}


def test_others_see_the_public_text_of_a_private_event_without_its_data() -> None:
    seen = _log_with_secret().for_player("bob")
    redacted = next(e for e in seen if e.seq == 1)
    assert redacted.text == "alice draws 1 card"
    assert redacted.data == {}
    assert redacted.public_text == ""
    assert redacted.rule == "Draw Phase"
    assert all("boost3-1" not in e.text and "boost3-1" not in str(e.data) for e in seen)


def test_a_private_event_with_no_public_text_is_left_out_for_others() -> None:
    log = _log_with_secret()
    assert [e.seq for e in log.for_player("alice")] == [0, 1, 3]
    assert [e.seq for e in log.for_player("bob")] == [0, 1, 2, 3]
    assert [e.seq for e in log.for_player("carol")] == [0, 1]


def test_the_omniscient_view_sees_every_event_in_full() -> None:
    log = _log_with_secret()
    assert log.for_player(None) == log.events
    assert log.events[1].visible(None)


def test_seen_by_returns_the_event_itself_when_visible() -> None:
    ev = Event(0, "note", "secret", visible_to=("alice",), public_text="something")
    assert ev.seen_by("alice") is ev
    assert ev.seen_by("bob") == Event(0, "note", "something", visible_to=("alice",))
    assert Event(1, "note", "hidden", visible_to=()).seen_by("alice") is None


def test_to_dict_leaves_out_empty_fields_and_lists_visible_to() -> None:
    log = _log_with_secret()
    assert log.events[0].to_dict() == {"seq": 0, "kind": "start", "text": "game begins"}
    assert log.events[1].to_dict() == {"seq": 1, "kind": "draw", "text": "alice draws boost3-1", "rule": "Draw Phase",
                                       "data": {"card": "boost3-1"}, "visible_to": ["alice"]}


def test_str_names_the_rule() -> None:
    assert str(Event(0, "x", "boom", rule="Panic")) == "[Panic] boom"
    assert str(Event(0, "x", "boom")) == "boom"


def test_why_follows_caused_by_chains_back_to_the_first_cause() -> None:
    log = EventLog()
    log.emit("note", "unrelated")
    shot = log.emit("roll", "shoot")
    with log.caused_by(shot):
        wound = log.emit("wound", "wounded")
        with log.caused_by(wound):
            panic = log.emit("panic", "panics")
        after = log.emit("note", "still caused by the shot")
    free = log.emit("note", "after the block")
    assert [e.seq for e in log.why(panic.seq)] == [panic.seq, wound.seq, shot.seq]
    assert after.cause == shot.seq
    assert free.cause is None
    assert log.why(free.seq) == [free]
    assert log.events[panic.seq].to_dict()["cause"] == wound.seq


def test_caused_by_is_unwound_when_the_block_raises() -> None:
    log = EventLog()
    cause = log.emit("roll", "cause")
    try:
        with log.caused_by(cause):
            raise RuntimeError
    except RuntimeError:
        pass
    assert log.emit("note", "later").cause is None


def test_why_of_an_unknown_event_is_empty() -> None:
    assert EventLog().why(42) == []


def test_a_log_that_does_not_keep_events_counts_them_but_stores_nothing() -> None:
    log = EventLog(keep=False)
    first = log.emit("a", "one")
    second = log.emit("b", "two")
    assert (first.seq, second.seq) == (0, 1)
    assert len(log) == 2
    assert log.events == []
    assert list(log) == []
    assert log.by_seq(0) is None


def test_listeners_are_called_with_every_new_event_even_when_not_kept() -> None:
    for keep in (True, False):
        log = EventLog(keep=keep)
        heard: list[Event] = []
        log.listeners.append(heard.append)
        ev = log.emit("note", "hello", visible_to="alice")
        assert heard == [ev]


def test_of_kind_filters_events() -> None:
    log = _log_with_secret()
    assert [e.seq for e in log.of_kind("roll")] == [3]


def test_deepcopy_shares_past_events_but_not_the_future_or_listeners() -> None:
    log = _log_with_secret()
    log.listeners.append(lambda ev: None)
    twin = copy.deepcopy(log)
    assert twin.events == log.events
    assert twin.listeners == []
    twin.emit("note", "only in the copy")
    assert len(twin) == len(log) + 1
    assert len(log.events) == 4
