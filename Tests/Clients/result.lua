-- What a client script saw, written as JSON to the file named by $STABLETEXT_RESULT for the
-- Swift test to assert (shared by neovim.lua and neovim-commit.lua).
return function(result)
  local encoded, text = pcall(vim.fn.json_encode, result)
  if not encoded then text = vim.fn.json_encode({ error = "could not encode the result: " .. tostring(text) }) end
  local file = io.open(os.getenv("STABLETEXT_RESULT"), "w")
  file:write(text)
  file:close()
end
