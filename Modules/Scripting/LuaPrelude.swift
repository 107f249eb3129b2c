/// The part of the shell written in Lua: error objects, read-only module tables, `show`
/// and the driver that prints what a REPL line or `-e` chunk returns.
///
/// It runs once per engine, as the chunk `=[app-shell]` (tracebacks drop its frames),
/// with the bound `json` builtin as its argument, and returns a table of its functions.
/// Keeping this in Lua lets `show` call `tostring` and `__tostring` freely: Swift must
/// not run metamethods outside a protected call (lua-bridge.md §1.1).
enum LuaPrelude {
    static let chunkName = "=[app-shell]"

    static let source = #"""
        local json = ...
        local type, next, pairs, ipairs, tostring, select = type, next, pairs, ipairs, tostring, select
        local rawget, rawset, setmetatable, getmetatable, error = rawget, rawset, setmetatable, getmetatable, error
        local print, pcall = print, pcall
        local format, rep, gsub, match = string.format, string.rep, string.gsub, string.match
        local concat, sort, pack, unpack = table.concat, table.sort, table.pack, table.unpack
        local utf8len = utf8.len
        local tonumber, math, os = tonumber, math, os
        local globals = _G

        local prelude = {}

        -- Errors raised by routes: {code, message, route, field, where} with __tostring.
        prelude.error_metatable = {
          __name = "AppError",
          __metatable = "locked",
          __tostring = function(e)
            local route, code = rawget(e, "route"), rawget(e, "code")
            return (rawget(e, "where") or "") .. (route and (route .. ": ") or "")
              .. tostring(rawget(e, "message")) .. (code and (" [" .. code .. "]") or "")
          end,
        }

        -- The metatable of a module's read-only proxy (a userdata the engine makes, so that
        -- rawset cannot touch it): reads go to the real table, writes raise, pairs walks a
        -- private copy, so nothing a script holds can replace a route.
        function prelude.readonly(name, real)
          return {
            __name = "module",
            __metatable = "locked",
            __index = real,
            __newindex = function(_, key)
              error(name .. " is read-only (cannot set '" .. tostring(key) .. "')", 2)
            end,
            __pairs = function()
              local copy = {}
              for k, v in next, real do copy[k] = v end
              return next, copy, nil
            end,
            __len = function() return #real end,
            __tostring = function() return "module " .. name end,
          }
        end

        -- Pretty printing.
        local MAX_DEPTH, MAX_ITEMS, WIDTH = 5, 30, 78
        local keywords = {}
        for word in ("and break do else elseif end false for function goto if in local nil not or "
            .. "repeat return then true until while"):gmatch("%a+") do keywords[word] = true end

        local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
        local function quote(s)
          return '"' .. gsub(s, '[%c"\\]', function(c) return escapes[c] or format("\\%03d", c:byte()) end) .. '"'
        end

        local function key_text(k)
          if type(k) == "string" and match(k, "^[%a_][%w_]*$") and not keywords[k] then return k end
          if type(k) == "string" then return "[" .. quote(k) .. "]" end
          return "[" .. tostring(k) .. "]"
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

        local function width(s) return utf8len(s) or #s end

        local function render(v, depth, seen, indent)
          local t = type(v)
          if t == "string" then return quote(v) end
          if t ~= "table" then return tostring(v) end
          if getmetatable(v) ~= nil then return tostring(v) end
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
          if width(line) + #indent <= WIDTH and not line:find("\n") then return line end
          return "{\n" .. indent .. "  " .. concat(parts, ",\n" .. indent .. "  ") .. ",\n" .. indent .. "}"
        end

        local function number_text(v)
          if math.type(v) == "float" and v ~= math.floor(v) then return (format("%.4g", v)) end
          return tostring(v)
        end

        -- A table cell: a nested record (with an id) by its name, other tables compactly.
        local function cell(v)
          if type(v) == "string" then return v end
          if type(v) == "number" then return number_text(v) end
          if type(v) == "table" and getmetatable(v) == nil then
            if type(rawget(v, "name")) == "string" and rawget(v, "id") ~= nil then return v.name end
            local text = render(v, MAX_DEPTH, {}, "")
            if width(text) > 40 then text = text:sub(1, 37) .. "..." end
            return text
          end
          return tostring(v)
        end

        -- The contract's calendar ({year, month, days = {{date, state, is_today}}}) as a month grid.
        local month_names = { "January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December" }
        local marks = { completed = "+", missed = "x", pending = "o", empty = "." }
        local function calendar_grid(v)
          local days = rawget(v, "days")
          if type(v.year) ~= "number" or type(v.month) ~= "number" or type(days) ~= "table"
              or type(days[1]) ~= "table" or type(days[1].date) ~= "string" or month_names[v.month] == nil then
            return nil
          end
          local first = os.time({ year = v.year, month = v.month, day = 1, hour = 12 })
          local lead = (os.date("*t", first).wday + 5) % 7
          local lines = { month_names[v.month] .. " " .. v.year, "  Mo   Tu   We   Th   Fr   Sa   Su" }
          local row = { rep("     ", lead) }
          local column = lead
          for _, day in ipairs(days) do
            local number = tonumber(day.date:sub(9, 10)) or 0
            local mark = marks[day.state] or "?"
            row[#row + 1] = day.is_today and format("[%2d%s]", number, mark) or format(" %2d%s ", number, mark)
            column = column + 1
            if column == 7 then
              lines[#lines + 1] = (gsub(concat(row), "%s+$", ""))
              row, column = {}, 0
            end
          end
          if column > 0 then lines[#lines + 1] = (gsub(concat(row), "%s+$", "")) end
          lines[#lines + 1] = "+ done  x missed  o to do today  . not tracked or future  [ ] today"
          return concat(lines, "\n")
        end

        -- The contract's statistics as a short card.
        local function statistics_card(v)
          local streak = rawget(v, "streak")
          if type(streak) ~= "table" or type(v.total_completed_days) ~= "number"
              or type(v.eligible_tracking_days) ~= "number" or type(v.completion_rate) ~= "number" then
            return nil
          end
          return format("Completed  %d of %d days (%d%%)\nStreak     %d now, %d longest",
            v.total_completed_days, v.eligible_tracking_days, math.floor(v.completion_rate * 100 + 0.5),
            streak.current or 0, streak.longest or 0)
        end

        -- A list of records prints as an aligned table, one row per record.
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
          local widths, cells = {}, {}
          for c, name in ipairs(columns) do widths[c] = width(name) end
          for i = 1, n do
            cells[i] = {}
            for c, name in ipairs(columns) do
              local text = v[i][name] == nil and "" or cell(v[i][name])
              text = gsub(text, "\n", " ")
              cells[i][c] = text
              if width(text) > widths[c] then widths[c] = width(text) end
            end
          end
          local function line(values)
            local out = {}
            for c, text in ipairs(values) do
              out[c] = c < #values and (text .. rep(" ", widths[c] - width(text))) or text
            end
            return (gsub(concat(out, "  "), "%s+$", ""))
          end
          local rules = {}
          for c in ipairs(columns) do rules[c] = rep("-", widths[c]) end
          local lines = { line(columns), line(rules) }
          for i = 1, n do lines[#lines + 1] = line(cells[i]) end
          lines[#lines + 1] = "(" .. n .. (n == 1 and " row)" or " rows)")
          return concat(lines, "\n")
        end

        --- Prints values as a person reads them: lists of records as tables, other tables
        --- pretty-printed with sorted keys, strings as they are.
        function prelude.show(...)
          for i = 1, select("#", ...) do
            local v = select(i, ...)
            if type(v) == "string" then
              print(v)
            elseif type(v) == "table" and getmetatable(v) == nil then
              print(calendar_grid(v) or statistics_card(v) or record_list(v) or render(v, 1, {}, ""))
            else
              print(tostring(v))
            end
          end
        end

        -- trace.span(name, fn, ...): runs fn inside a named interval, closed however fn ends, and
        -- returns its results (or raises its error).
        function prelude.span_with(begin, finish)
          return function(name, fn, ...)
            local handle = begin(name)
            local results = pack(pcall(fn, ...))
            if handle then finish(handle) end
            if not results[1] then error(results[2], 0) end
            return unpack(results, 2, results.n)
          end
        end

        -- app.on(pattern, fn): hooks run after each event whose name matches the anchored
        -- pattern, with the event table. A hook's error is reported, never raised: the
        -- route that fired it stands. Events made inside a hook fire no hooks.
        local hooks = {}
        local hook_methods = {}
        local hook_metatable = { __name = "hook", __metatable = "locked", __index = hook_methods }
        function prelude.on_with(set_count)
          function hook_methods.off(handle)
            for i, hook in ipairs(hooks) do
              if hook.handle == handle then
                table.remove(hooks, i)
                set_count(#hooks)
                return true
              end
            end
            return false
          end
          return function(pattern, fn)
            if type(pattern) ~= "string" or not pcall(string.find, "", pattern) then
              error("bad argument #1 to 'app.on' (a Lua pattern expected)", 2)
            end
            if type(fn) ~= "function" then error("bad argument #2 to 'app.on' (function expected)", 2) end
            local handle = setmetatable({}, hook_metatable)
            hooks[#hooks + 1] = { handle = handle, pattern = "^" .. pattern .. "$", fn = fn, source = pattern }
            set_count(#hooks)
            return handle
          end
        end

        local stderr = io and io.stderr
        function prelude.run_hooks(events)
          for _, event in ipairs(events) do
            for _, hook in ipairs({ unpack(hooks) }) do
              if string.find(event.name, hook.pattern) then
                local ok, err = pcall(hook.fn, event)
                if not ok then
                  local line = "app-shell: app.on(\"" .. hook.source .. "\") hook failed on " .. event.name .. ": "
                    .. tostring(err) .. "\n"
                  if stderr then stderr:write(line) else print(line) end
                end
              end
            end
          end
        end

        -- Runs a loaded chunk and reports its results: "show" for the REPL and -e, "json" for
        -- --json, "none" for scripts. Returns the results as well.
        function prelude.driver(mode, chunk, ...)
          local results = pack(chunk(...))
          if mode == "show" then
            if results.n > 0 and not (results.n == 1 and results[1] == nil) then
              for i = 1, results.n do prelude.show(results[i]) end
            end
            if results[1] ~= nil then rawset(globals, "_", results[1]) end
          elseif mode == "json" then
            for i = 1, results.n do print(json(results[i])) end
          end
          return unpack(results, 1, results.n)
        end

        return prelude
        """#
}
