-- stdout: bookstories pages ok
-- A page past the end, however large, is an empty page (the contract bounds per_page, not
-- page); at worst it is refused as invalid_argument for `page`. It must never end the
-- program: every list route, with and without its filters, with the largest integers.
local function is_uuid(s) return type(s) == "string" and s:match("^[0-9a-f-]+$") and #s == 36 end

local theme = bookstories.themes.create{name = "테마", visibility = "public"}
for i = 1, 3 do
  bookstories.create{book = {title = "s" .. i, author = "a"}, quotes = {"q"}, keywords = {"k"},
    themes = {theme.id}, visibility = "public"}
end
local me = app.user()
assert(is_uuid(me.id))

local routes = {
  {"bookstories.mine", function(o) return bookstories.mine(o) end},
  {"bookstories.public", function(o) return bookstories.public(o) end},
  {"bookstories.of", function(o) return bookstories.of(me.name, o) end},
}
local filters = {{}, {keyword = "k"}, {theme = theme.id}, {keyword = "k", theme = theme.id}}
local pages = {
  {page = 4},
  {page = 1000000},
  {page = 1 << 53},
  {page = math.maxinteger // 100 + 1, per_page = 100}, -- the offset just fits
  {page = math.maxinteger // 100 + 2, per_page = 100}, -- the offset would overflow
  {page = math.maxinteger // 10 + 2},                  -- the same with the default per_page
  {page = math.maxinteger, per_page = 1},
  {page = math.maxinteger},
  {page = math.maxinteger, per_page = 100},
}
for _, route in ipairs(routes) do
  for _, filter in ipairs(filters) do
    -- Page 1 holds the three stories; past the end, nothing.
    local o = {}
    for k, v in pairs(filter) do o[k] = v end
    assert(#route[2](o) == 3, route[1] .. " page 1")
    for _, p in ipairs(pages) do
      local opts = {}
      for k, v in pairs(filter) do opts[k] = v end
      for k, v in pairs(p) do opts[k] = v end
      local label = route[1] .. " " .. json(opts)
      local ok, result = pcall(route[2], opts)
      if ok then
        assert(type(result) == "table" and #result == 0, label .. " returned stories past the end")
      else
        assert(type(result) == "table" and result.code == "invalid_argument" and result.field == "page",
          label .. ": " .. tostring(result))
      end
    end
  end
end
-- Still working afterwards.
assert(#bookstories.mine() == 3 and #bookstories.public{page = 1, per_page = 2} == 2)
assert(#bookstories.public{page = 2, per_page = 2} == 1)
print("bookstories pages ok")
