local run = habits.create{name = "Run", start = "2026-10-15"}
habits.complete("Run", {on = "2026-11-02"})
habits.complete("Run", {on = "2026-11-03"})
habits.complete("Run", {on = "2026-11-28"})
habits.complete("Run")
show(habits.calendar("Run"))
show(habits.calendar("Run", {year = 2026, month = 10}))
show(habits.stats("Run"))
