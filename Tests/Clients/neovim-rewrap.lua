-- Runs after neovim-setup.lua on a commit message whose body paragraphs are too long: for each
-- paragraph (its first line in $STABLETEXT_LINES, 1-based, space-separated), asks for the code
-- actions with the cursor at the start of the line, as `vim.lsp.buf.code_action()` does, applies
-- the one whose title starts with "Rewrap", and writes the buffer's lines, or "error ...", to
-- $STABLETEXT_RESULT as JSON: { titles = {...}, lines = {...} }.
local write_result = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "result.lua")
local result = { titles = {} }
local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20), "no client attached")
  local _, client = next(vim.lsp.buf_get_clients(buf))
  assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")
  local targets = {}
  for line in os.getenv("STABLETEXT_LINES"):gmatch("%d+") do table.insert(targets, tonumber(line)) end
  -- Last paragraph first: a rewrap changes the line numbers below it, never above.
  table.sort(targets, function(a, b) return a > b end)
  for _, line in ipairs(targets) do
    local uri = vim.uri_from_bufnr(buf)
    -- Every publish owed is in (the daemon publishes before it answers a request).
    assert(client.request_sync("stableText/state", { textDocument = { uri = uri } }, 10000, buf), "no state")
    vim.wait(100, function() return false end, 20)
    local diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, line - 1)
    local params = {
      textDocument = { uri = uri },
      range = { start = { line = line - 1, character = 0 }, ["end"] = { line = line - 1, character = 0 } },
      context = { diagnostics = diagnostics },
    }
    local response = client.request_sync("textDocument/codeAction", params, 10000, buf)
    assert(response and response.result, "no code actions for line " .. line)
    local chosen = nil
    for _, action in ipairs(response.result) do
      table.insert(result.titles, action.title)
      if action.title:find("^Rewrap") then chosen = action end
    end
    assert(chosen and chosen.edit, "no Rewrap for line " .. line)
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  end
  result.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then result.error = tostring(err) end
write_result(result)
vim.cmd("qall!")
