-- stdout: 3100.5    600       4200
-- stdout: name    dog   note
-- stdout: 보리    🐶    12345.6
-- stdout: 👨‍👩‍👧🇰🇷🐶  café  3.0
-- stdout: 보리보리보리보리보리보리보리보리보리보…  x
-- stdout: \x1b]0;owned\x07  \u{202e}  1
-- stdout: \x1b[2J
-- show() prints numbers as Lua does, aligns columns by terminal width (Hangul and emoji
-- take two columns), cuts a long cell at 40 columns without splitting a syllable, and
-- escapes control characters.
walks.log{steps = 4200, distance = 3100.5, started_at = "2026-11-29T07:00:00+09:00",
  ended_at = "2026-11-29T07:10:00+09:00"}
local logs = walks.logs()
logs[1].id, logs[1].started_at, logs[1].ended_at = nil, nil, nil
show(logs)
show({
  {name = "보리", dog = "🐶", note = 12345.6},
  {name = "👨‍👩‍👧🇰🇷🐶", dog = "café", note = 3.0},
})
show({{name = string.rep("보리", 30), note = "x"}})
show({{name = "\27]0;owned\7", dog = "\u{202e}", note = 1}})
show("\27[2J")
