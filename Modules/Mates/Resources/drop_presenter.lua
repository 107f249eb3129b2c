-- How show() prints a profile drop (the shape `drop`): its code and the QR code to hold up
-- while nobody has caught it; then who caught it, the words to compare, and its state. A
-- chunk that returns the presenter: a function of a value that returns its text, or nil for
-- a value of another shape.
local type, rawget, format = type, rawget, string.format

local labels = {
  connecting = "connecting", success = "success: compare the words, then mates.confirm",
  failure = "failure", cannot_find_peer = "cannot find peer", finished = "profile exchanged!",
}

return function(v)
  if type(v) ~= "table" then return nil end
  local id, state, expires = rawget(v, "id"), rawget(v, "state"), rawget(v, "expires_at")
  if type(id) ~= "string" or type(state) ~= "string" or type(expires) ~= "string" or labels[state] == nil then
    return nil
  end
  local until_time = expires:match("T(%d+:%d+:%d+)") or expires
  local pieces = {}
  local code, qr = rawget(v, "code"), rawget(v, "qr")
  if type(code) == "string" then
    pieces[#pieces + 1] = { "Drop " .. code, "bold" }
    pieces[#pieces + 1] = format("  %s, until %s\n", labels[state], until_time)
    if type(qr) == "string" then pieces[#pieces + 1] = qr end
    return pieces
  end
  local with, words = rawget(v, "with"), rawget(v, "words")
  pieces[#pieces + 1] = { "Drop", "bold" }
  if type(with) == "string" then pieces[#pieces + 1] = " with " .. with end
  local profile = rawget(v, "profile")
  if type(profile) == "table" and type(profile.nickname) == "string" then
    pieces[#pieces + 1] = format(" (%s, %s)", profile.nickname, tostring(profile.dog_name))
  end
  pieces[#pieces + 1] = format(": %s, until %s", labels[state], until_time)
  if type(words) == "string" then
    pieces[#pieces + 1] = "\n  words: "
    pieces[#pieces + 1] = { words, "cyan" }
  end
  return pieces
end
