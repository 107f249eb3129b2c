-- Kindle clippings and a KOReader export, written by hand (Tests/Fixtures/import), become
-- private stories through the one door, recognised without `from`; a second import adds nothing.
local check = require("lib.check")
local fixtures = "../Fixtures/import/"

local r = app.import(fixtures .. "My Clippings.txt")
assert(r.format == "kindle", r.format)
assert(r.added.stories == 4 and r.added.quotes == 5, json(r))
assert(#r.not_representable == 3, json(r))   -- a bookmark, a note that marks no passage, the locations

local demian
for _, story in ipairs(bookstories.mine{}) do
  if story.book.title == "데미안" then demian = story end
end
assert(demian and demian.visibility == "private" and demian.content == "다시 읽을 것", json(demian))
assert(#demian.quotes == 2 and demian.quotes[1].page == 98, json(demian.quotes))

local again = app.import(fixtures .. "My Clippings.txt", {from = "kindle"})
assert(next(again.added) == nil and again.skipped.quotes == 5, json(again))

local k = app.import(fixtures .. "koreader.json")
assert(k.format == "koreader" and k.added.quotes == 2, json(k))
assert(next(app.import(fixtures .. "koreader.json").added) == nil)

-- Errors: a newer document, a format named wrongly, a folder of no known format, a file
-- that is not the format named; nothing changes.
local count = #bookstories.mine{per_page = 100}
check.fails("app.import", "import.newer_version", app.import, fixtures .. "newer.json")
check.fails("app.import", "invalid_argument", app.import, fixtures .. "koreader.json", {from = "kindle2"})
check.fails("app.import", "import.unknown_format", app.import, fixtures)
check.fails("app.import", "import.unknown_format", app.import, fixtures .. "koreader.json", {from = "loop"})
check.fails("app.import", "import.unknown_format", app.import, fixtures .. "koreader.json", {from = "habitbull"})
assert(#bookstories.mine{per_page = 100} == count)

-- The path is free text: its event records only its length.
for _, event in ipairs(events.list{}) do
  if event.name == "app.import" then assert(event.params.path == nil and event.params.path_length, json(event)) end
end
print("import ok")
-- stdout: import ok
