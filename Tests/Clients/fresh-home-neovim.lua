-- Runs after the user's own ~/.config/nvim/init.lua (the README's, exactly as printed, on a fresh
-- HOME): opens each file named in $STABLETEXT_FILES (one path a line) in turn and writes one line
-- per file to $STABLETEXT_RESULT: "PATH<TAB>VERDICT<TAB>ATTACHED<TAB>CODES" — the package's
-- b:stabletext, "yes" or "no" for a client on the buffer, and the diagnostics' codes (comma-
-- separated, sorted) once every publish owed is in (a request: the daemon publishes before it
-- answers). A buffer the package does not serve is read once its verdict is in; "none" is the
-- verdict of a package that gives none. A last line, "messages<TAB>…", holds the daemon's
-- window/showMessage texts.
-- What the daemon says in window/showMessage (an invalid .stabletext.json), shown as before.
local messages = {}
local show = vim.lsp.handlers["window/showMessage"]
vim.lsp.handlers["window/showMessage"] = function(err, result, ctx, config)
  table.insert(messages, result.message)
  return show(err, result, ctx, config)
end

local lines = {}
for path in os.getenv("STABLETEXT_FILES"):gmatch("[^\n]+") do
  local ok, err = pcall(function()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local buf = vim.api.nvim_get_current_buf()
    local function attached() return next(vim.lsp.buf_get_clients(buf)) ~= nil end
    -- The package's verdict, or (a package that gives none) a client.
    vim.wait(10000, function() return vim.b[buf].stabletext ~= nil or attached() end, 20)
    local verdict = vim.b[buf].stabletext or "none"
    local codes = {}
    if verdict ~= "not covered" then
      assert(vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20), "no client attached")
      local _, client = next(vim.lsp.buf_get_clients(buf))
      assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")
      assert(client.request_sync("stableText/state", { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 10000, buf),
        "no state")
      vim.wait(100, function() return false end, 20)
    end
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(codes, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))
    end
    table.sort(codes)
    table.insert(lines, table.concat({ path, verdict, attached() and "yes" or "no", table.concat(codes, ",") }, "\t"))
  end)
  if not ok then table.insert(lines, path .. "\terror " .. tostring(err)) end
end
table.insert(lines, "messages\t" .. table.concat(messages, " | "))
local file = io.open(os.getenv("STABLETEXT_RESULT"), "w")
file:write(table.concat(lines, "\n") .. "\n")
file:close()
vim.cmd("qall!")
