"""`companion simulate`: the bots play N whole games, and the figures are printed.

The Last Covenant (the default): win rate with its 95% Wilson interval, rounds per game, falls, deaths,
where and why games were lost, per zone, and per party and difficulty; `--plot FILE` draws the win rate
by party and difficulty. Dungeon Roll (`--game dungeon-roll`): each hero's score with its interval, the
solo ranks, how delves end; `--plot FILE` draws each hero's scores. `--json` prints the figures as JSON.
The same seed gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.covenant.simulate import Report
    from companion.games.dungeon_roll import simulate as dungeon_roll

DIFFICULTY_CHOICES = ("easier", "normal", "harder", "all")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("covenant", "dungeon-roll"), default="covenant",
                        help="which game the bots play (default: covenant)")
    parser.add_argument("--games", type=int, default=100, help="games to play (per difficulty)")
    parser.add_argument("--seed", type=int, default=1, help="the seed every game's seed is drawn from")
    parser.add_argument("--heroes", help="one party, comma-separated (knight,rogue,...); default: every party")
    parser.add_argument("--players", type=int, help="with no --heroes: every party of this many heroes (default 4); "
                        "Dungeon Roll: each game draws this many heroes (default 1, a solo game)")
    parser.add_argument("--difficulty", choices=DIFFICULTY_CHOICES, default="normal",
                        help="escape rounds 4, 3 or 2; 'all' plays the games at each")
    parser.add_argument("--bots", choices=("cautious", "bold", "greedy"), default="cautious",
                        help="cautious bots step out of reach when a blow would fell them and revive only who can "
                        "stand; bold ones stay in the fight and always revive. Dungeon Roll: cautious or greedy "
                        "(retire early, or seek glory while companions remain)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", type=Path, help="write a PNG of the win rate by party and difficulty")


def _error(en: str, ar: str) -> int:
    print(f"{en}\n{ar}")
    return 2


def run(args: argparse.Namespace) -> int:
    if args.game == "dungeon-roll":
        return _dungeon_roll(args)
    if args.bots == "greedy":
        return _error("--bots: cautious or bold for The Last Covenant.", "‏--bots: cautious أو bold للعهد الأخير.")
    from companion.core.gamedata import DataError
    from companion.games.covenant import simulate
    from companion.games.covenant.engine import CovenantRules

    try:
        rules = CovenantRules()
    except DataError as exc:
        return _error(f"the game data cannot be used:\n{exc}", f"لا يمكن استخدام بيانات اللعبة:\n{exc}")
    known = list(rules.data.heroes)
    heroes = [h.strip() for h in args.heroes.split(",") if h.strip()] if args.heroes else None
    if heroes is not None:
        unknown = [h for h in heroes if h not in known]
        if unknown or not heroes or len(set(heroes)) != len(heroes):
            return _error(f"--heroes: 1 to 4 different heroes of {', '.join(known)}; got {args.heroes!r}.",
                          f"‏--heroes: من بطل إلى أربعة أبطال مختلفين من {'، '.join(known)}؛ المُعطى {args.heroes!r}.")
    if args.players is not None and not 1 <= args.players <= len(known):
        return _error(f"--players: 1 to {len(known)}; got {args.players}.",
                      f"‏--players: من 1 إلى {len(known)}؛ المُعطى {args.players}.")
    if args.games < 1:
        return _error(f"--games: at least 1; got {args.games}.", f"‏--games: لعبة واحدة على الأقل؛ المُعطى {args.games}.")
    difficulties = simulate.DIFFICULTIES if args.difficulty == "all" else (args.difficulty,)
    party_list = simulate.parties(heroes, args.players, known)
    start = time.perf_counter()
    report = simulate.simulate(args.games, args.seed, party_list, difficulties, rules, args.bots)
    seconds = time.perf_counter() - start
    return _output(args, report, seconds, lines, plot)


def _output(args: argparse.Namespace, report: Any, seconds: float, text: Callable[[Any, float], list[str]],
            draw: Callable[[Any, str], object]) -> int:
    """The report as JSON or as text lines, and its plot if asked for."""
    if args.json:
        import msgspec

        print(json.dumps({"seconds": round(seconds, 2), **msgspec.to_builtins(report)}, ensure_ascii=False,
                         indent=1))
    else:
        print("\n".join(text(report, seconds)))
    if args.plot:
        try:
            draw(report, args.plot)
        except (ImportError, OSError) as exc:
            return _error(f"cannot write the plot {args.plot}: {exc}", f"تعذّرت كتابة الرسم {args.plot}: {exc}")
        if not args.json:
            print(f"plot: {args.plot}")
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _counts(counts: dict[str, int], top: int = 8) -> str:
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    return ", ".join(f"{k} {v}" for k, v in ordered) or "none"


def lines(r: Report, seconds: float) -> list[str]:
    n = max(1, r.result.games)
    out = [
        f"{r.result.games} games (seed {r.seed}, {r.bots} bots) in {seconds:.1f} s "
        f"({r.result.games / max(seconds, 1e-9):.1f} games/s)",
        f"win rate: {_pct(r.result.rate)} (95% Wilson interval {_pct(r.result.low)} to {_pct(r.result.high)})",
        f"rounds per game: mean {r.rounds_mean():.1f}, median {r.rounds_median():g}",
        f"falls per game: {r.falls / n:.2f}; deaths per game: {r.deaths / n:.2f}",
        f"outcomes: {_counts(r.outcomes)}",
        f"games lost, by where: {_counts(r.losses_by_where)}",
        f"the fall that lost the game, by whom: {_counts(r.last_fall_causes)}",
        f"every fall, by whom: {_counts(r.fall_causes)}",
        "per zone (per game that reached it):",
    ]
    for zone, z in sorted(r.zones.items()):
        k = max(1, z.reached)
        out.append(f"  zone {zone}: reached {z.reached}, rounds {z.rounds / k:.1f}, falls {z.falls / k:.2f}, "
                   f"deaths {z.deaths / k:.2f}, lost there {z.lost}")
    if len(r.groups) > 1:
        out.append("per party and difficulty:")
        for gr in r.groups:
            out.append(f"  {','.join(gr.party):<32} {gr.difficulty:<7} {_pct(gr.result.rate):>6} "
                       f"({_pct(gr.result.low)} to {_pct(gr.result.high)}, {gr.result.games} games)")
    if r.rejections:
        out.append(f"inputs the engine refused from the bots: {r.rejections}")
    return out


def plot(r: Report, path: Path) -> None:
    """Bars of the win rate per party, one colour per difficulty, with the Wilson intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    party_names = list(dict.fromkeys(",".join(gr.party) for gr in r.groups))
    levels = list(dict.fromkeys(gr.difficulty for gr in r.groups))
    width = 0.8 / len(levels)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(party_names) + 2), 4.5))
    for i, level in enumerate(levels):
        xs, ys, below, above = [], [], [], []
        for gr in r.groups:
            if gr.difficulty == level:
                xs.append(party_names.index(",".join(gr.party)) + (i - (len(levels) - 1) / 2) * width)
                ys.append(100 * gr.result.rate)
                below.append(100 * (gr.result.rate - gr.result.low))
                above.append(100 * (gr.result.high - gr.result.rate))
        ax.bar(xs, ys, width, yerr=[below, above], capsize=3, label=level)
    ax.set_xticks(range(len(party_names)), [p.replace(",", "\n") for p in party_names], fontsize=8)
    # Headroom above 100% keeps the legend clear of the bars.
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("win rate (%), 95% Wilson interval")
    ax.set_title(f"The Last Covenant: win rate of {r.bots} bots ({r.result.games} games, seed {r.seed})")
    ax.legend(title="difficulty", loc="upper center", ncol=len(levels), fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _dungeon_roll(args: argparse.Namespace) -> int:
    from companion.core.gamedata import DataError
    from companion.games.dungeon_roll import simulate as dungeon_roll
    from companion.games.dungeon_roll.engine import DungeonRollRules

    try:
        rules = DungeonRollRules()
    except DataError as exc:
        return _error(f"the game data cannot be used:\n{exc}", f"لا يمكن استخدام بيانات اللعبة:\n{exc}")
    known = sorted(rules.data.heroes)
    heroes = [h.strip() for h in args.heroes.split(",") if h.strip()] if args.heroes else None
    if heroes is not None and (set(heroes) - set(known) or not 1 <= len(heroes) <= 4
                               or len(set(heroes)) != len(heroes)):
        return _error(f"--heroes: 1 to 4 different heroes of {', '.join(known)}; got {args.heroes!r}.",
                      f"‏--heroes: من بطل إلى أربعة أبطال مختلفين من {'، '.join(known)}؛ المُعطى {args.heroes!r}.")
    players = args.players or 1
    if not 1 <= players <= min(4, len(known)) or args.games < 1 or args.bots == "bold":
        return _error("--players: 1 to 4; --games: at least 1; --bots: cautious or greedy.",
                      "‏--players: من 1 إلى 4؛ ‏--games: لعبة واحدة على الأقل؛ ‏--bots: cautious أو greedy.")
    start = time.perf_counter()
    report = dungeon_roll.simulate(args.games, args.seed, args.bots, players, heroes, rules)
    seconds = time.perf_counter() - start
    return _output(args, report, seconds, dungeon_roll_lines, dungeon_roll_plot)


def dungeon_roll_lines(r: dungeon_roll.Report, seconds: float) -> list[str]:
    out = [f"Dungeon Roll: {r.games} games of {r.players} player(s) (seed {r.seed}, {r.style} bots) in "
           f"{seconds:.1f} s ({r.games / max(seconds, 1e-9):.1f} games/s, {r.inputs} inputs)",
           "score per hero: mean (95% interval), median, range, wins:"]
    for h in r.heroes:
        out.append(f"  {h.hero:<15} {h.mean:5.1f} ({h.low:.1f} to {h.high:.1f}), median {h.median:g}, "
                   f"{h.least} to {h.most}, wins {h.wins} of {h.games}")
    if any(r.solo_ranks.values()):
        out.append("solo ranks: " + ", ".join(f"{name} {count}" for name, count in r.solo_ranks.items()))
    out.append("delves ended: " + ", ".join(f"{end} {_pct(s.rate)} ({_pct(s.low)} to {_pct(s.high)})"
                                            for end, s in r.delve_ends.items()))
    if r.rejections or r.unfinished:
        out.append(f"inputs the engine refused from the bots: {r.rejections}; unfinished games: {r.unfinished}")
    return out


def dungeon_roll_plot(r: dungeon_roll.Report, path: Path) -> None:
    """Each hero's mean score with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(r.heroes) + 2), 4.0))
    xs = range(len(r.heroes))
    ax.bar(xs, [h.mean for h in r.heroes], yerr=[[h.mean - h.low for h in r.heroes],
                                                [h.high - h.mean for h in r.heroes]], capsize=3)
    ax.set_xticks(list(xs), [h.hero for h in r.heroes])
    ax.set_ylabel("final score, mean and 95% interval")
    ax.set_title(f"Dungeon Roll: {r.style} bots ({r.games} games, seed {r.seed})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
