-- Runs after neovim-setup.lua on the file given to Neovim: waits for the daemon, makes sure every
-- publish it owes has arrived (a request: the daemon publishes before it answers), and writes one
-- "LINE COLUMN CODE" line per diagnostic (1-based line, 1-based UTF-8 byte column, as
-- `stabletext check --column-unit byte` prints them) to $STABLETEXT_RESULT, or "error ...".
local lines = {}
local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20), "no client attached")
  local _, client = next(vim.lsp.buf_get_clients(buf))
  assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")
  local uri = vim.uri_from_bufnr(buf)
  assert(client.request_sync("stableText/state", { textDocument = { uri = uri } }, 10000, buf), "no state")
  vim.wait(200, function() return false end, 20)
  local items = vim.diagnostic.get(buf)
  table.sort(items, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  for _, d in ipairs(items) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(lines, string.format("%d %d %s", d.lnum + 1, d.col + 1, code))
  end
end)
if not ok then lines = { "error " .. tostring(err) } end
local file = io.open(os.getenv("STABLETEXT_RESULT"), "w")
file:write(table.concat(lines, "\n") .. "\n")
file:close()
vim.cmd("qall!")
