-- args: --timeout 1
-- exit: 1
-- stderr: timeout
-- A runaway __tostring of an uncaught error is stopped at the deadline.
error(setmetatable({}, { __tostring = function() while true do end end }))
