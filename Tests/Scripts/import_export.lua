-- app.export() returns the document as a Lua table: every section with its version, ids and
-- instants as stored; a free-text path is never recorded.
habits.create{name = "Run", start = "2026-11-01"}
habits.complete("Run", {on = "2026-11-02"})
bookstories.create{book = {title = "데미안", author = "헤르만 헤세"}, quotes = {{text = "알은 세계다.", page = 98}}}

local doc = app.export()
assert(doc.format == "app-shell-export" and doc.version == 2, json(doc))
assert(doc.user == "me" and doc.exported_at == app.now(), doc.exported_at)
-- Habits are version 2: frequencies, measure, skips, pauses, amounts and notes.
for name, version in pairs{habits = 2, bookstories = 2, profiles = 1, mates = 1, walks = 2, people = 1, reports = 1} do
  assert(doc.sections[name].version == version, name)
end
local run = doc.sections.habits.habits[1]
assert(run.name == "Run" and run.id == habits.get("Run").id, json(run))
assert(run.completions[1].day == "2026-11-02" and math.type(run.completions[1].recorded_at) == "integer")
assert(#run.frequencies == 0 and run.measure == nil and #run.skips == 0 and #run.notes == 0, json(run))
assert(doc.sections.bookstories.stories[1].quotes[1].page == 98)
assert(#doc.sections.walks.logs == 0 and #doc.sections.mates.mates == 0)
print("export ok")
-- stdout: export ok
