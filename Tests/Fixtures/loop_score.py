#!/usr/bin/env python3
"""Loop Habit Tracker's score, written independently of the Swift code, in Loop's own
shape (ScoreList.recompute and Score.compute: entries newest first, a rolling sum over
`denominator` days, numerator and denominator doubled for non-daily yes/no habits, a
skipped day keeps the score). Prints the expected scores that HabitScoreTests checks.

Run: python3 Tests/Fixtures/loop_score.py
"""
import datetime
import math

NO, YES_MANUAL, SKIP = 0, 2, 3


def compute(frequency, previous, value):
    multiplier = 0.5 ** (math.sqrt(frequency) / 13.0)
    return previous * multiplier + value * (1 - multiplier)


def recompute(numerator, denominator, values_newest_first):
    freq = numerator / denominator
    if freq < 1.0:
        numerator *= 2
        denominator *= 2
    values = values_newest_first
    rolling = 0.0
    previous = 0.0
    scores = []
    for i in range(len(values)):
        offset = len(values) - i - 1
        if values[offset] == YES_MANUAL:
            rolling += 1.0
        if offset + denominator < len(values):
            if values[offset + denominator] == YES_MANUAL:
                rolling -= 1.0
        if values[offset] != SKIP:
            previous = compute(freq, previous, min(1.0, rolling / numerator))
        scores.append(previous)
    return scores


def day(text):
    return datetime.date.fromisoformat(text)


def scenario(name, start, end, numerator, denominator, done, skipped):
    first, last = day(start), day(end)
    count = (last - first).days + 1
    oldest_first = []
    for i in range(count):
        d = first + datetime.timedelta(days=i)
        text = d.isoformat()
        oldest_first.append(YES_MANUAL if text in done else SKIP if text in skipped else NO)
    scores = recompute(numerator, denominator, list(reversed(oldest_first)))
    print(f"{name}: final {scores[-1]:.12f}")
    for i in (6, 13, 20, 27, 34, count - 1):
        if i < count:
            print(f"  {(first + datetime.timedelta(days=i)).isoformat()} {scores[i]:.12f}")


def days_from(start, offsets):
    return {(day(start) + datetime.timedelta(days=o)).isoformat() for o in offsets}


# Daily: done the first 10 days, one miss, then 9 more.
scenario("daily", "2026-01-01", "2026-01-20", 1, 1, days_from("2026-01-01", [*range(10), *range(11, 20)]), set())
# 2 times in 3 days over six weeks: done on the first two days of each run of three, but
# for offsets 10 and 25 (missed) and 15, 16, 28 (skipped).
done = {o for o in range(42) if o % 3 != 2} - {10, 25, 15, 16, 28}
scenario("two_in_three", "2026-01-05", "2026-02-15", 2, 3, days_from("2026-01-05", done), days_from("2026-01-05", [15, 16, 28]))
# 3 times a week (Mon, Wed, Fri) for six weeks, the third week skipped whole.
done = {w * 7 + d for w in range(6) for d in (0, 2, 4) if w != 2}
scenario("three_a_week", "2026-01-05", "2026-02-15", 3, 7, days_from("2026-01-05", done), days_from("2026-01-05", range(14, 21)))
