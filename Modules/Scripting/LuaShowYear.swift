/// `show`'s drawing of `habits.year`: a year as a grid of weeks (a row per weekday, a
/// column per week, Monday first), like Loop's history and GitHub's contribution graph.
///
/// Part of `LuaShow`'s chunk: it uses its `visible`, `weekday`, `month_names` and the
/// `colour` flag (true when standard output is a terminal that takes colour). Every mark
/// is one ASCII character whether coloured or not, so widths never depend on the terminal;
/// the habit's name, which may be Hangul or emoji, passes through `visible`.
enum LuaShowYear {
    static let source = #"""
        local year_marks = { completed = "#", partial = "+", missed = "x", rest = "-", skipped = "s",
          paused = "p", pending = "o", not_due = ".", empty = " " }
        local year_colours = { completed = "32", partial = "33", missed = "31", rest = "2", skipped = "36",
          paused = "36", pending = "1", not_due = "2" }
        local function year_grid(v)
          local days = rawget(v, "days")
          if type(v.year) ~= "number" or rawget(v, "month") ~= nil or type(v.frequency) ~= "string"
              or type(v.name) ~= "string" or type(days) ~= "table" or #days < 365 or type(days[1]) ~= "table"
              or type(days[1].date) ~= "string" or type(days[1].state) ~= "string" then
            return nil
          end
          local lead = (weekday(v.year, 1, 1) + 6) % 7  -- Monday = 0
          local rows, labels = {}, {}
          for r = 1, lead do rows[r] = { " " } end
          for r = lead + 1, 7 do rows[r] = {} end
          local columns = 0
          for i, day in ipairs(days) do
            local slot = lead + i - 1
            local row, column = slot % 7 + 1, slot // 7 + 1
            local mark = year_marks[day.state] or "?"
            local code = colour and year_colours[day.state]
            rows[row][column] = code and ("\27[" .. code .. "m" .. mark .. "\27[0m") or mark
            if column > columns then columns = column end
            local month, number = tonumber(day.date:sub(6, 7)), tonumber(day.date:sub(9, 10))
            if number == 1 and month then labels[column] = month_names[month]:sub(1, 3) end
          end
          local header, c = {}, 1
          while c <= columns do
            if labels[c] then
              header[#header + 1] = labels[c]
              c = c + #labels[c]
            else
              header[#header + 1] = " "
              c = c + 1
            end
          end
          local names = { "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su" }
          local lines = { (visible(v.name, "cell", 40)) .. "  " .. v.year .. "  (" .. visible(v.frequency, "cell", 40) .. ")",
            "    " .. (gsub(concat(header), "%s+$", "")) }
          for r = 1, 7 do
            for column = 1, columns do rows[r][column] = rows[r][column] or " " end
            lines[#lines + 1] = names[r] .. "  " .. (gsub(concat(rows[r]), "%s+$", ""))
          end
          lines[#lines + 1] = "# done  + partial  x missed  - rest  s skipped  p paused  o today  . not due"
          return concat(lines, "\n")
        end
        """#
}
