local ok, err
local run = habits.create{name = "Run", start = "2026-11-20"}
habits.create{name = "달리기 🏃", start = "2026-11-25"}
local read = habits.create{name = "Read", start = "2026-11-01"}
habits.complete("Run", {on = "2026-11-27"})
habits.complete("Run")
habits.archive("Read")
local theme = bookstories.themes.create{name = "성장", visibility = "public"}
bookstories.create{book = {title = "데미안", author = "헤르만 헤세"}, quotes = {"새는 알에서 나오려고 투쟁한다.", {text = "알은 세계다.", page = 12}}, keywords = {"성장", "책"}, themes = {theme.id}, visibility = "public"}
bookstories.create{book = {title = "Walden", author = "Thoreau", isbn = "9780000000000"}, quotes = {"Simplify."}, content = "mine"}
bookstories.review{count = 2}
profiles.save{nickname = "보리맘", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}
local invite = mates.invite()
print(invite.code)
events.emit("fixture.made", {n = "1"})
walks.log{steps = 4200, distance = 3100.5, started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:40:00+09:00"}
