"""Counts and persons as a native reader expects them (issue 15): plurals through the catalogues' plural
forms (Arabic's six, Belarusian's three, English's two; finding 2), log lines as verb sentences that agree
with the hero's grammatical gender (finding 7), and one imperative convention: plural for what the whole
table does, singular for the active player."""

from __future__ import annotations

import re
import string

from babel.messages.pofile import read_po

from companion.core.messages import LOCALE_DIR, Field, Msg, Plural, entries, named, plural_rule
from companion.games.covenant.data import default
from companion.games.dungeon_roll.data import default as dr_default

AR = LOCALE_DIR / "ar" / "LC_MESSAGES"
TURN = Plural("{hero}'s turn: {actions} action.", "{hero}'s turn: {actions} actions.", "actions")


def po(name: str) -> list[tuple[str, str, str | tuple[str, ...]]]:
    """(context, msgid, translation) of one catalogue; a plural message by its singular."""
    with (AR / name).open("rb") as handle:
        return [(m.context or "", str(m.id[0] if isinstance(m.id, tuple) else m.id),
                 tuple(m.string) if isinstance(m.string, tuple) else str(m.string)) for m in read_po(handle) if m.id]


def hero(hero_id: str) -> dict[str, str]:
    return default().heroes[hero_id].named()


def test_arabic_counts_take_their_six_forms_and_english_its_two() -> None:
    rule = plural_rule("ar")
    assert [rule(n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 111)] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 4]
    said = {n: Msg.of(TURN, {"hero": hero("knight"), "actions": n}).text("ar") for n in (1, 2, 3, 11)}
    assert said == {1: "دور الفارس المنفي: فعل واحد.", 2: "دور الفارس المنفي: فعلان.",
                    3: "دور الفارس المنفي: 3 أفعال.", 11: "دور الفارس المنفي: 11 فعلًا."}
    assert Msg.of(TURN, {"hero": hero("knight"), "actions": 1}).text("en") == "Exiled Knight's turn: 1 action."
    assert Msg.of(TURN, {"hero": hero("knight"), "actions": 4}).text("en") == "Exiled Knight's turn: 4 actions."
    gold = named(Plural("{n} gold", "{n} gold"), n=2)
    assert set(gold) == {"ar", "en", "be"} and (gold["ar"], gold["en"]) == ("قطعتا ذهب", "2 gold")


COUNTS = {"n", "actions", "count", "amount", "cost", "attacks", "chests", "shards", "damage"}
"""The fields that hold a message's count: the only ones a form may leave out (لا شظايا, فعلان)."""


def test_every_plural_message_has_all_its_forms_and_no_english_says_s_in_brackets() -> None:
    for name in ("companion.po", "ui.po", "store.po", "gender.po"):
        for _, msgid, text in po(name):
            assert "(s)" not in msgid, msgid
            if isinstance(text, tuple):
                assert len(text) == 6 and all(text), msgid
                fields = {f for _, f, _, _ in string.Formatter().parse(msgid) if f}
                for form in text:
                    # Arabic says "فعلان" (two actions) without the number: only the count may be left out.
                    assert fields - {f for _, f, _, _ in string.Formatter().parse(form) if f} <= COUNTS, (msgid, form)


def test_a_log_line_is_a_verb_sentence_that_agrees_with_the_hero() -> None:
    picks = "{hero} picks up {what}."
    assert Msg(picks, {"hero": hero("knight"), "what": "x"}).text("ar") == "يلتقط الفارس المنفي x."
    assert Msg(picks, {"hero": hero("rogue"), "what": "x"}).text("ar") == "تلتقط لصّة الظلال x."
    moves = Plural("{hero} moves {n} space to {space} ({moved} of {cap} this turn).",
                   "{hero} moves {n} spaces to {space} ({moved} of {cap} this turn).")
    fields = {"space": "x", "moved": 2, "cap": 8, "n": 2}
    assert Msg.of(moves, {"hero": hero("sorceress"), **fields}).text("ar").startswith("تتحرك ساحرة الجمر مساحتين")
    assert Msg.of(moves, {"hero": hero("knight"), **fields}).text("ar").startswith("يتحرك الفارس المنفي مساحتين")
    # The subject is the sentence's first named party: the giver, whatever the receiver.
    gives = Msg("{giver} gives {what} to {receiver}.",
                {"giver": hero("ranger"), "what": "x", "receiver": hero("knight")})
    assert gives.text("ar").startswith("تعطي صيادة الصقر")
    assert Msg("{guardian} awakens.", {"guardian": default().guardians[2].named()}).text("ar") == \
        "تستيقظ القديسة السوداء."


def test_each_hero_and_guardian_has_a_gender_its_name_agrees_with() -> None:
    data = default()
    genders = {h.id: h.gender for h in data.heroes.values()} | {g.id: g.gender for g in data.guardians.values()}
    assert genders == {"knight": "masculine", "sorceress": "feminine", "rogue": "feminine", "ranger": "feminine",
                       "hollow_king": "masculine", "black_saint": "feminine", "throne_guardian": "masculine"}
    # A feminine name reads feminine: "لصّة", not "لص", beside her flavour line's "بسكينها".
    assert all(h.ar.split()[0].endswith("ة") for h in data.heroes.values() if h.gender == "feminine")


SUBJECT = re.compile(r"(?:^|[:،؛] )(?:و?لا )?ي\S* \{(hero|giver|guardian|reviver|novice)\}|أن ي\S* \{(hero)\}")
"""A present-tense verb before its named subject (يلتقط {hero}, «التنين ينتظر: لا يستدعيه {hero}»), or the
subject of «يجوز أن يعيد {hero}»: the verb agrees with the party named."""
FEMININE_SUBJECT = re.compile(r"(?:^|[:،؛] )(?:و?لا )?ت\S* \{(hero|giver|guardian|reviver|novice)\}|أن ت\S* \{(hero)\}")


def test_every_verb_sentence_about_a_named_party_has_its_feminine_form() -> None:
    """A masculine translation whose verb agrees with a named party (يلتقط {hero}) needs its feminine twin
    (تلتقط {hero}) in gender.po, and every twin has a message to be the twin of: The Last Covenant's heroines
    and guardian, and Dungeon Roll's heroines (issue 22: «يعود {hero} إلى الحانة» was said of the Enchantress)."""
    feminine = {msgid: text for context, msgid, text in po("gender.po") if context == "feminine"}
    plain = {msgid: text for name in ("companion.po", "ui.po", "dungeon_roll.po")
             for context, msgid, text in po(name) if not context}
    assert set(feminine) <= set(plain)
    for msgid, text in plain.items():
        forms = text if isinstance(text, tuple) else (text,)
        if any(SUBJECT.search(f) for f in forms):
            assert msgid in feminine, f"no feminine form for {msgid!r}"
            twins = feminine[msgid] if isinstance(feminine[msgid], tuple) else (feminine[msgid],)
            agree = [FEMININE_SUBJECT.search(t) for t, f in zip(twins, forms, strict=True) if SUBJECT.search(f)]
            assert all(agree), msgid
    assert ("feminine", "{hero} picks up {what}.") in entries("ar")


def test_a_dungeon_roll_heroine_is_spoken_of_in_the_feminine() -> None:
    """Each Dungeon Roll hero's gender is data (heroes.yaml), carried by both sides' names into the messages."""
    heroes = dr_default().heroes
    feminine = {h.id for h in heroes.values() if h.gender == "feminine"}
    assert feminine == {"enchantress", "sorceress", "time-traveller", "alexandra", "cassandra", "marpesia"}
    assert all(h.novice.named()["gender"] == h.gender and (h.master is None or h.master.named()["gender"] == h.gender)
               for h in heroes.values())
    retires = "{hero} retires to the tavern after level {level}."
    said = {h: Msg(retires, {"hero": heroes[h].novice.named(), "level": 2}).text("ar")
            for h in ("enchantress", "knight")}
    assert said == {"enchantress": "تعود الساحرة إلى الحانة بعد المستوى 2.",
                    "knight": "يعود الفارس إلى الحانة بعد المستوى 2."}
    time_lady = heroes["time-traveller"].master
    assert time_lady is not None
    assert Msg(retires, {"hero": time_lady.named(), "level": 3}).text("ar").startswith("تعود سيدة الزمن")


def test_the_whole_table_is_addressed_in_the_plural_the_active_player_in_the_singular() -> None:
    """One screen spoke to the table as افرشوا، ضعوا، أعيدوا and then as أعد: the put-back list and the
    setup checklist are for everyone, the prompts for the player whose turn it is, in the singular the
    rulebook gives its instructions in (ضع، حرّك، ارمِ)."""
    table = [text for _, msgid, text in po("store.po")
             if re.match(r"(Put|Take|Set|Move|Lay|Give|Stand) ", msgid)]
    assert len(table) > 15
    for text in table:
        first = (text[1] if isinstance(text, tuple) else text).split()[0].strip("،:")
        assert first.endswith(("وا", "ترفعوا", "تعيدوا")), text
    player = [text for _, msgid, text in po("ui.po") if msgid.startswith("{who}: ")]
    assert player and all(not str(t).split(": ")[1].split()[0].endswith("وا") for t in player)


BE = LOCALE_DIR / "be" / "LC_MESSAGES"
PAST_MASCULINE = re.compile(r"\{(hero|giver|guardian|reviver)\} (?:не |ня )?(\w+ў)(?:ся)?\b")
"""A Belarusian sentence whose subject is a named party and whose verb is in the masculine past tense
(пакінуў, упаў, атрымаў): the one tense in which Belarusian verbs agree in gender."""


def be_po(name: str) -> list[tuple[str, str, str | tuple[str, ...]]]:
    with (BE / name).open("rb") as handle:
        return [(m.context or "", str(m.id[0] if isinstance(m.id, tuple) else m.id),
                 tuple(m.string) if isinstance(m.string, tuple) else str(m.string)) for m in read_po(handle) if m.id]


def test_belarusian_counts_take_their_three_forms() -> None:
    """Belarusian: one for 1, 21, 101 (but not 11); few for 2-4, 22-24 (but not 12-14); many for the rest."""
    rule = plural_rule("be")
    assert [rule(n) for n in (0, 1, 2, 4, 5, 11, 14, 21, 22, 25, 111)] == [2, 0, 1, 1, 2, 2, 2, 0, 1, 2, 2]
    said = {n: Msg.of(Plural("Round {round} · {actions} action · falls {falls}/{most}",
                                     "Round {round} · {actions} actions · falls {falls}/{most}", "actions"),
                      {"round": 1, "actions": n, "falls": 0, "most": 6}).text("be") for n in (1, 3, 5, 21)}
    assert [said[n].split(" · ")[1] for n in (1, 3, 5, 21)] == ["1 дзеяньне", "3 дзеяньні", "5 дзеяньняў",
                                                                  "21 дзеяньне"]


def test_a_belarusian_past_tense_agrees_with_the_hero() -> None:
    left = "{hero} left the table."
    assert Msg(left, {"hero": hero("knight")}).text("be").endswith(" пакінуў стол.")
    assert Msg(left, {"hero": hero("rogue")}).text("be").endswith(" пакінула стол.")


def test_every_belarusian_past_tense_about_a_named_party_has_its_feminine_form() -> None:
    """A translation whose named subject takes a masculine past-tense verb ({hero} пакінуў) needs its feminine
    twin ({hero} пакінула) in be/gender.po; every twin has a message to be the twin of and differs from it."""
    feminine = {msgid: text for context, msgid, text in be_po("gender.po") if context == "feminine"}
    plain = {msgid: text for path in sorted(BE.glob("*.po")) if path.name != "gender.po"
             for context, msgid, text in be_po(path.name) if not context}
    assert feminine and set(feminine) <= set(plain)
    for msgid, text in plain.items():
        forms = text if isinstance(text, tuple) else (text,)
        if any(PAST_MASCULINE.search(f) for f in forms):
            assert msgid in feminine, f"no feminine form for {msgid!r}"
            twins = feminine[msgid] if isinstance(feminine[msgid], tuple) else (feminine[msgid],)
            for twin, form in zip(twins, forms, strict=True):
                verb = PAST_MASCULINE.search(form)
                if verb:
                    assert re.search(r"\{" + verb.group(1) + r"\} (?:не |ня )?\w+ла(?:ся)?\b", twin), (msgid, twin)
    for msgid, twin in feminine.items():
        assert twin != plain[msgid], f"the feminine form of {msgid!r} is the masculine one"


APPOSITION = re.compile(r"\b(?:героя|герою|героем) \(\{hero\}")
"""The masculine noun beside a hero's name («у героя ({hero})»): a heroine is «гераіні ({hero})»."""


def test_a_belarusian_heroine_is_named_a_heroine() -> None:
    """Issue 22: «Уваскрасіце героя… інакш герой загіне» and «ён паваліўся» were said of the Shadow Rogue, and
    be/gender.po held two feminine forms. Every message that calls its {hero} a «герой» has its feminine twin,
    unless a gendered party named before the hero (a guardian, a reviver) decides the message's gender."""
    feminine = {msgid: text for context, msgid, text in be_po("gender.po") if context == "feminine"}
    for path in sorted(BE.glob("*.po")):
        for context, msgid, text in ([] if path.name == "gender.po" else be_po(path.name)):
            forms = text if isinstance(text, tuple) else (text,)
            first = re.search(r"\{(hero|giver|guardian|reviver|attacker|knight|target)\}", msgid)
            if context or not first or first.group(1) != "hero" or not any(APPOSITION.search(f) for f in forms):
                continue
            assert msgid in feminine, f"{path.name}: no feminine form for {msgid!r}"
            assert not any(APPOSITION.search(t) for t in (feminine[msgid] if isinstance(feminine[msgid], tuple)
                                                          else (feminine[msgid],))), msgid
    rogue = hero("rogue")
    falls = Msg("{hero} falls! Fall counter: {falls} of 6. Revive them before the end of the monster phase of round "
                "{deadline}, or they die.", {"hero": rogue, "falls": 1, "deadline": 3}).text("be")
    assert "Уваскрасіце гераіню" in falls and falls.endswith("інакш гераіня загіне.")
    laid = Msg("Lay {hero} down again: fallen.", {"hero": rogue}).text("be")
    assert "ён" not in laid.split() and "героя" not in laid


def test_dungeon_roll_reads_as_a_native_writes_it() -> None:
    """Issue 22's grammar findings, each as the table reads it now."""
    def ar(text: str | Plural, **fields: Field) -> str:
        return Msg.of(text, fields).text("ar")

    spends = Plural("{hero} spends a treasure: every monster defeated, {chests} chest opened, companions revived: "
                    "{revived}, the Lair discarded.", "{hero} spends a treasure: every monster defeated, {chests} "
                    "chests opened, companions revived: {revived}, the Lair discarded.", "chests")
    knight = {"en": "Knight", "ar": "الفارس", "be": "Рыцар"}
    # The subject of a passive verb is nominative: «ويُفتح صندوق واحد / صندوقان / وتُفتح 3 صناديق».
    assert [ar(spends, hero=knight, chests=n, revived="-").split("، ")[1] for n in (1, 2, 3)] == [
        "ويُفتح صندوق واحد", "ويُفتح صندوقان", "وتُفتح 3 صناديق"]
    # The pronoun agrees with what is named: لتطرحه, لتطرحهما, لتطرحها.
    name = Plural("Name {count} treasure of the hand to discard (ruling R-DR-19).",
                  "Name {count} treasures of the hand to discard (ruling R-DR-19).", "count")
    assert [ar(name, count=n).split(" (")[0].split()[-1] for n in (1, 2, 3, 11)] == [
        "لتطرحه", "لتطرحهما", "لتطرحها", "لتطرحها"]
    # The dragon is slain by its companions, not the slayer of one.
    slain = Plural("The dragon is slain by {count} different companion.",
                   "The dragon is slain by {count} different companions.", "count")
    assert ar(slain, count=1) == "يُقتل التنين برفيق واحد." and ar(slain, count=3) == "يُقتل التنين بـ3 رفاق مختلفين."
    # The headings are actions, not the Knight's master side «قاتل التنانين».
    assert (ar("Fight monsters"), ar("Fight the dragon")) == ("قتال الوحوش", "قتال التنين")
    # A throw kept at undo reads whole: «رمية نرد الزنزانة ×2 … كما ظهرت: صندوق، تنين».
    throw = Msg("the throw of {dice}", {"dice": {"ar": "نرد الزنزانة ×2"}}).text("ar")
    kept = ar("The same choice again: {what} stands as it came out, {result}. Another choice lets it lapse.",
              what={"ar": throw}, result={"ar": "صندوق، تنين"})
    assert kept.startswith("إن اتُّخذ القرار نفسه ثانيةً بقيت نتيجة رمية نرد الزنزانة ×2 كما ظهرت: صندوق، تنين.")
    # No count of nothing: «لا كنوز» beside the experience as a label, «لا شظايا».
    line = Plural("{hero}: {xp} experience · {n} treasure {tokens}", "{hero}: {xp} experience · {n} treasures {tokens}")
    assert ar(line, hero=knight, xp=0, n=0, tokens="") == "الفارس: الخبرة 0، لا كنوز "
    card = Plural("gold {gold} · potions: {potions} · {shards} shard",
                  "gold {gold} · potions: {potions} · {shards} shards", "shards")
    assert ar(card, gold=3, potions="-", shards=0).endswith("، لا شظايا")


def test_a_throw_is_asked_of_the_player_in_the_singular() -> None:
    """Issue 22: one screen said «ارمِ» and «التقطوا … وارموا»: the thrower is the active player, addressed in the
    singular as every other throw prompt (ارمِ نرد الفخ، أعد رميه)."""
    plural_throw = re.compile(r"(?:^|\s|و)(?:ارموا|التقطوا|أعيدوا رمي)")
    asked = [text for name in ("companion.po", "tray.po", "dungeon_roll.po", "descent.po")
             for _, _, text in po(name) for t in (text if isinstance(text, tuple) else (text,))
             if plural_throw.search(t)]
    assert asked == []
