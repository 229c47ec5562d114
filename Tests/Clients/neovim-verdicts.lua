-- Runs after neovim-setup.lua (the package, set up as the README says): opens each file named in
-- $STABLETEXT_FILES (one path a line) in turn, waits for the daemon to attach and for every
-- publish it owes (a request: the daemon publishes before it answers), and writes one line per
-- diagnostic, "PATH<TAB>CODE<TAB>LNUM<TAB>COL<TAB>END_LNUM<TAB>END_COL" (0-based lines, byte
-- columns: what vim.diagnostic holds), or "PATH<TAB>error ..." to $STABLETEXT_RESULT.
local lines = {}
for path in os.getenv("STABLETEXT_FILES"):gmatch("[^\n]+") do
  local ok, err = pcall(function()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local buf = vim.api.nvim_get_current_buf()
    assert(vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20), "no client attached")
    local _, client = next(vim.lsp.buf_get_clients(buf))
    assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")
    local uri = vim.uri_from_bufnr(buf)
    assert(client.request_sync("stableText/state", { textDocument = { uri = uri } }, 10000, buf), "no state")
    vim.wait(100, function() return false end, 20)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(lines, table.concat({ path, code, d.lnum, d.col, d.end_lnum, d.end_col }, "\t"))
    end
  end)
  if not ok then table.insert(lines, path .. "\terror " .. tostring(err)) end
end
local file = io.open(os.getenv("STABLETEXT_RESULT"), "w")
file:write(table.concat(lines, "\n") .. "\n")
file:close()
vim.cmd("qall!")
