/// `show`: the shell's display of values, a Lua chunk of its own.
///
/// It runs once per engine, as the chunk `=[app-shell]` like the prelude (tracebacks drop
/// its frames), with the bound `visible` builtin as its argument, and returns a table with
/// `show` (prints) and `text` (the text `show` prints, for tests). Being Lua, it may call
/// `tostring` and `__tostring` freely: Swift must not run metamethods outside a protected
/// call (lua-bridge.md §1.1). What is Unicode-heavy is Swift's (`TerminalText`):
/// `visible(s, mode, max)` returns `s` with control characters escaped, cut to `max`
/// columns, and its width in columns.
///
/// Everything `show` prints passes through `visible`, because it prints other people's
/// text (public stories, user names): a cell must not clear the screen or write the
/// clipboard.
enum LuaShow {
    /// Columns a table cell may take before it is cut with `…`.
    static let cellWidth = 40

    static let source = #"""
        local visible, colour = ...
        local type, next, ipairs, tostring, select = type, next, ipairs, tostring, select
        local rawget, getmetatable, print = rawget, getmetatable, print
        local format, rep, gsub, match = string.format, string.rep, string.gsub, string.match
        local concat, sort = table.concat, table.sort
        local tonumber, floor = tonumber, math.floor

        local MAX_DEPTH, MAX_ITEMS, WIDTH, CELL_WIDTH = 5, 30, 78, \#(cellWidth)
        local keywords = {}
        for word in ("and break do else elseif end false for function goto if in local nil not or "
            .. "repeat return then true until while"):gmatch("%a+") do keywords[word] = true end

        -- The width in columns of text that is already visible.
        local function width(s)
          local _, columns = visible(s, "block")
          return columns
        end

        local function quote(s) return '"' .. visible(s, "literal") .. '"' end

        -- Numbers print as Lua prints them: integers as integers, floats with %.14g and a
        -- ".0" when they look whole (3100.5, 12345.6, 3.0, 1e+100).
        local function number_text(v) return tostring(v) end

        local function key_text(k)
          if type(k) == "string" and match(k, "^[%a_][%w_]*$") and not keywords[k] then return k end
          if type(k) == "string" then return "[" .. quote(k) .. "]" end
          return "[" .. visible(tostring(k), "cell") .. "]"
        end

        local function sorted_keys(t)
          local keys, n = {}, 0
          for k in next, t do n = n + 1; keys[n] = k end
          sort(keys, function(a, b)
            local ta, tb = type(a), type(b)
            if ta ~= tb then return ta < tb end
            if ta == "number" or ta == "string" then return a < b end
            return tostring(a) < tostring(b)
          end)
          return keys
        end

        local function render(v, depth, seen, indent)
          local t = type(v)
          if t == "string" then return quote(v) end
          if t == "number" then return number_text(v) end
          if t ~= "table" or getmetatable(v) ~= nil then return (visible(tostring(v), "cell")) end
          if seen[v] then return "<cycle>" end
          if depth > MAX_DEPTH then return "{...}" end
          seen[v] = true
          local parts, count, n = {}, 0, #v
          for i = 1, n do
            count = count + 1
            if count > MAX_ITEMS then break end
            parts[count] = render(v[i], depth + 1, seen, indent .. "  ")
          end
          for _, k in ipairs(sorted_keys(v)) do
            if not (type(k) == "number" and k >= 1 and k <= n and k % 1 == 0) then
              count = count + 1
              if count > MAX_ITEMS then break end
              parts[count] = key_text(k) .. " = " .. render(v[k], depth + 1, seen, indent .. "  ")
            end
          end
          seen[v] = nil
          if count > MAX_ITEMS then parts[MAX_ITEMS + 1] = "..." end
          if #parts == 0 then return "{}" end
          local line = "{" .. concat(parts, ", ") .. "}"
          if not line:find("\n") and width(line) + #indent <= WIDTH then return line end
          return "{\n" .. indent .. "  " .. concat(parts, ",\n" .. indent .. "  ") .. ",\n" .. indent .. "}"
        end

        -- A table cell, visible and at most CELL_WIDTH columns: a nested record (with an id)
        -- by its name, other tables compactly. Returns the text and its width.
        local function cell(v)
          local text
          if type(v) == "string" then
            text = v
          elseif type(v) == "number" then
            text = number_text(v)
          elseif type(v) == "table" and getmetatable(v) == nil then
            local name = rawget(v, "name")
            if type(name) == "string" and rawget(v, "id") ~= nil then
              text = name
            else
              text = render(v, MAX_DEPTH, {}, "")
            end
          else
            text = tostring(v)
          end
          return visible(text, "cell", CELL_WIDTH)
        end

        -- The contract's calendar ({year, month, days = {{date, state, is_today}}}) as a month grid.
        local month_names = { "January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December" }
        local marks = { completed = "+", missed = "x", pending = "o", empty = ".", skipped = "s", paused = "p",
          partial = "~", rest = "-" }
        -- The marks of habits with frequencies, skips, pauses or amounts: their legend line
        -- appears only when one is drawn.
        local detail_marks = { skipped = true, paused = true, partial = true, rest = true }
        -- The day of the week, 0 for Sunday (Sakamoto's method, proleptic Gregorian): no
        -- clock or zone takes part.
        local month_offsets = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 }
        local function weekday(year, month, day)
          if month < 3 then year = year - 1 end
          return (year + year // 4 - year // 100 + year // 400 + month_offsets[month] + day) % 7
        end
        local function calendar_grid(v)
          local days = rawget(v, "days")
          if type(v.year) ~= "number" or type(v.month) ~= "number" or type(days) ~= "table"
              or type(days[1]) ~= "table" or type(days[1].date) ~= "string" or month_names[v.month] == nil then
            return nil
          end
          local lead = (weekday(v.year, v.month, 1) + 6) % 7  -- days before the 1st in a Monday week
          local lines = { month_names[v.month] .. " " .. v.year, "  Mo   Tu   We   Th   Fr   Sa   Su" }
          local row = { rep("     ", lead) }
          local column, marked = lead, false
          for _, day in ipairs(days) do
            local number = tonumber(day.date:sub(9, 10)) or 0
            local mark = marks[day.state] or "?"
            if detail_marks[day.state] then marked = true end
            row[#row + 1] = day.is_today and format("[%2d%s]", number, mark) or format(" %2d%s ", number, mark)
            column = column + 1
            if column == 7 then
              lines[#lines + 1] = (gsub(concat(row), "%s+$", ""))
              row, column = {}, 0
            end
          end
          if column > 0 then lines[#lines + 1] = (gsub(concat(row), "%s+$", "")) end
          lines[#lines + 1] = "+ done  x missed  o to do today  . not tracked or future  [ ] today"
          if marked then lines[#lines + 1] = "- rest  s skipped  p paused  ~ partial (short of the target)" end
          return concat(lines, "\n")
        end

        \#(LuaShowYear.source)

        -- The contract's statistics as a short card.
        local function statistics_card(v)
          local streak = rawget(v, "streak")
          if type(streak) ~= "table" or type(v.total_completed_days) ~= "number"
              or type(v.eligible_tracking_days) ~= "number" or type(v.completion_rate) ~= "number" then
            return nil
          end
          return format("Completed  %d of %d days (%d%%)\nStreak     %d now, %d longest",
            v.total_completed_days, v.eligible_tracking_days, floor(v.completion_rate * 100 + 0.5),
            streak.current or 0, streak.longest or 0)
        end

        -- A list of records prints as an aligned table, one row per record; columns are as
        -- wide as their widest cell in terminal columns.
        local function record_list(v)
          local n = #v
          if n == 0 then return nil end
          local columns, seen_column = {}, {}
          for i = 1, n do
            local row = v[i]
            if type(row) ~= "table" or getmetatable(row) ~= nil or #row > 0 then return nil end
            for k in next, row do
              if type(k) ~= "string" then return nil end
              if not seen_column[k] then seen_column[k] = true; columns[#columns + 1] = k end
            end
          end
          for k in next, v do
            if type(k) ~= "number" or k < 1 or k > n or k % 1 ~= 0 then return nil end
          end
          local rank = { id = 1, name = 2 }
          sort(columns, function(a, b)
            local ra, rb = rank[a] or 3, rank[b] or 3
            if ra ~= rb then return ra < rb end
            return a < b
          end)
          local widths, header, cells = {}, { texts = {}, widths = {} }, {}
          for c, name in ipairs(columns) do
            header.texts[c], header.widths[c] = visible(name, "cell", CELL_WIDTH)
            widths[c] = header.widths[c]
          end
          for i = 1, n do
            local row = { texts = {}, widths = {} }
            for c, name in ipairs(columns) do
              local value = v[i][name]
              if value == nil then
                row.texts[c], row.widths[c] = "", 0
              else
                row.texts[c], row.widths[c] = cell(value)
              end
              if row.widths[c] > widths[c] then widths[c] = row.widths[c] end
            end
            cells[i] = row
          end
          local function line(row)
            local out = {}
            for c, text in ipairs(row.texts) do
              out[c] = c < #row.texts and (text .. rep(" ", widths[c] - row.widths[c])) or text
            end
            return (gsub(concat(out, "  "), "%s+$", ""))
          end
          local rules = { texts = {}, widths = {} }
          for c in ipairs(columns) do rules.texts[c], rules.widths[c] = rep("-", widths[c]), widths[c] end
          local lines = { line(header), line(rules) }
          for i = 1, n do lines[#lines + 1] = line(cells[i]) end
          lines[#lines + 1] = "(" .. n .. (n == 1 and " row)" or " rows)")
          return concat(lines, "\n")
        end

        -- The text show prints for one value.
        local function text(v)
          if type(v) == "string" then return (visible(v, "block")) end
          if type(v) == "number" then return number_text(v) end
          -- Tables print visible pieces only (escaped cells and strings, numbers, fixed words).
          if type(v) == "table" and getmetatable(v) == nil then
            return calendar_grid(v) or year_grid(v) or statistics_card(v) or record_list(v) or render(v, 1, {}, "")
          end
          return (visible(tostring(v), "block"))
        end

        --- Prints values as a person reads them: lists of records as tables, other tables
        --- pretty-printed with sorted keys, strings as they are but for control characters.
        local function show(...)
          for i = 1, select("#", ...) do print(text((select(i, ...)))) end
        end

        return { show = show, text = text }
        """#
}
