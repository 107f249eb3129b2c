print("first line runs")
app.login("")
-- An uncaught route error names the file and line, the route, and the code.
-- exit: 1
-- stdout: first line runs
-- stderr: FILE:2: app.login: a user name must be 1 to 32 characters, got 0 [invalid_argument]
