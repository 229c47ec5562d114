-- An init.lua as a user of the Debian package writes it: the package put the plugin in
-- /usr/share/nvim/site/pack/stabletext/start (here: $STABLETEXT_SITE, an unpacked .deb's copy of
-- that folder, added to packpath as Debian's Neovim has /usr/share/nvim/site), so one call is
-- all. Neovim is started on a COMMIT_EDITMSG with a 60-column subject; once it has entered, this
-- writes "CODE LNUM COL SEVERITY" for each diagnostic (or "error ...") to $STABLETEXT_RESULT and
-- quits. scripts/check-package runs it.
vim.opt.packpath:prepend(os.getenv("STABLETEXT_SITE"))
require("stabletext").setup()

local lines = {}
local function check()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == "gitcommit", "filetype " .. vim.bo[buf].filetype)
  assert(vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20), "no diagnostics")
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(lines, string.format("%s %d %d %d", code, d.lnum, d.col, d.severity))
  end
end

vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    local ok, err = pcall(check)
    if not ok then lines = { "error " .. tostring(err) } end
    local file = io.open(os.getenv("STABLETEXT_RESULT"), "w")
    file:write(table.concat(lines, "\n") .. "\n")
    file:close()
    vim.cmd("qall!")
  end,
})
