-- The part of the shell written in Lua: error objects, read-only module tables, hooks,
-- spans and the driver that prints what a REPL line or `-e` chunk returns.
--
-- It runs once per engine as the chunk `=[app-shell]` (tracebacks drop its frames), with
-- the bound `json` builtin, `show` (show.lua) and `write` (the engine's output) as its
-- arguments, and returns a table of its functions. Nothing here needs the host beyond those
-- three: Tests/Lua/prelude_spec.lua runs it under plain lua5.4.
local json, show, write = ...
local type, next, ipairs, tostring = type, next, ipairs, tostring
local rawget, rawset, setmetatable, error = rawget, rawset, setmetatable, error
local print, pcall = print, pcall
local pack, unpack, remove = table.pack, table.unpack, table.remove
local find = string.find
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
-- The metatable of a read-only module proxy over `real`. With `fill`, `real` is still
-- empty: the first read of any kind calls fill(real) once, which puts the module's
-- functions in it; from then on `__index` is `real` itself, as fast as a plain table.
function prelude.readonly(name, real, fill)
  local meta
  local function ready()
    if fill then
      fill(real)
      fill = nil
      meta.__index = real
    end
    return real
  end
  meta = {
    __name = "module",
    __metatable = "locked",
    __index = fill and function(_, key) return ready()[key] end or real,
    __newindex = function(_, key)
      error(name .. " is read-only (cannot set '" .. tostring(key) .. "')", 2)
    end,
    __pairs = function()
      local copy = {}
      for k, v in next, ready() do copy[k] = v end
      return next, copy, nil
    end,
    __len = function() return #ready() end,
    __tostring = function() return "module " .. name end,
  }
  return meta
end

-- show (show.lua) is a chunk of its own; the driver prints with it.
prelude.show = show

-- A builtin that is the engine's bound function itself (app.every, app.loop): its errors
-- then name the script's line, not this file's.
function prelude.bare(fn) return fn end

-- trace.span(name, fn, ...): runs fn inside a named interval, closed however fn ends, and
-- returns its results (or raises its error). begin returns nil when nothing records spans.
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
        remove(hooks, i)
        set_count(#hooks)
        return true
      end
    end
    return false
  end
  return function(pattern, fn)
    if type(pattern) ~= "string" or not pcall(find, "", pattern) then
      error("bad argument #1 to 'app.on' (a Lua pattern expected)", 2)
    end
    if type(fn) ~= "function" then error("bad argument #2 to 'app.on' (function expected)", 2) end
    local handle = setmetatable({}, hook_metatable)
    hooks[#hooks + 1] = { handle = handle, pattern = "^" .. pattern .. "$", fn = fn, source = pattern }
    -- The engine may refuse (its event recorder cannot be made): then no hook is kept.
    local counted, err = pcall(set_count, #hooks)
    if not counted then
      hooks[#hooks] = nil
      error(err, 2)
    end
    return handle
  end
end

local stderr = io and io.stderr
local function report(line)
  if stderr then stderr:write(line) else print(line) end
end

-- Runs the hooks over the events a route call made; `events` is a string instead when
-- the engine could not hand them over (the reason, reported like a failing hook).
function prelude.run_hooks(events)
  if type(events) == "string" then
    report("app-shell: app.on hooks skipped: " .. events .. "\n")
    return
  end
  for _, event in ipairs(events) do
    for _, hook in ipairs({ unpack(hooks) }) do
      if find(event.name, hook.pattern) then
        local ok, err = pcall(hook.fn, event)
        if not ok then
          local line = "app-shell: app.on(\"" .. hook.source .. "\") hook failed on " .. event.name .. ": "
            .. tostring(err) .. "\n"
          report(line)
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
    for i = 1, results.n do write(json(results[i]) .. "\n") end
  end
  return unpack(results, 1, results.n)
end

return prelude
