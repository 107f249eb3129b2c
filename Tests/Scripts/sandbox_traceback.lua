-- exit: 1
-- stderr: in function 'habits.complete'
-- stderr: FILE:6: in main chunk
-- A route's uncaught error still names the route in the traceback, although the module
-- tables are kept out of package.loaded.
habits.complete("no such habit")
