-- Drives stabletext through Neovim's built-in LSP client (headless) and writes what Neovim saw
-- to the JSON file named by $STABLETEXT_RESULT. The Swift test asserts the values.
-- Usage: STABLETEXT_BIN=... STABLETEXT_RESULT=... nvim --headless -u NONE -i NONE -n -c "luafile neovim.lua"
local bin = os.getenv("STABLETEXT_BIN")
local write_result = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "result.lua")
local result = { steps = {} }

local function finish(code)
  write_result(result)
  vim.cmd(code == 0 and "qa!" or "cq!")
end

local ok, err = pcall(function()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, "p")
  local path = dir .. "/message.txt"
  vim.cmd("edit " .. path)
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "안녕하세요 world" })

  local client_id = vim.lsp.start_client({
    name = "stabletext",
    cmd = { bin, "--stdio", "--log-level", "warning" },
    root_dir = dir,
    init_options = { rules = { maxLength = 11, ignoreFinalNewline = true } },
    -- Send every change at once (Neovim 0.7 may otherwise batch them after a delay).
    flags = { debounce_text_changes = 0 },
  })
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")
  result.encoding = client.offset_encoding

  local function diagnostics()
    local items = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(items, { code = code, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
        severity = d.severity, message = d.message })
    end
    return items
  end

  local function wait_for(code)
    vim.wait(10000, function()
      for _, d in ipairs(diagnostics()) do if d.code == code then return true end end
      return code == nil and #diagnostics() == 0
    end, 20)
    return diagnostics()
  end

  local function server_text()
    local response = client.request_sync("stableText/state",
      { textDocument = { uri = vim.uri_from_bufnr(buf) }, includeText = true }, 10000, buf)
    return response.result
  end

  -- 1. Exactly at the limit (11 characters): nothing to report, once the first publish is in.
  vim.wait(10000, function() return server_text() ~= nil end, 20)
  result.steps.at_limit = wait_for(nil)
  -- 2. Type past the limit: "!!" after "world" (byte 21: Korean syllables are 3 bytes each).
  vim.api.nvim_buf_set_text(buf, 0, 21, 0, 21, { "!!" })
  result.steps.over_limit = wait_for("over-limit")
  -- 3. Clear to whitespace.
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "   ", "  " })
  result.steps.blank = wait_for("empty-after-trim")
  -- 4. Type a line with emoji and Korean, then edit inside it: Neovim sends UTF-16 positions.
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "👋🏽 한국어 🇰🇷 ok" })
  vim.api.nvim_buf_set_text(buf, 0, 9, 0, 9, { "x" })  -- after "👋🏽 " (9 bytes)
  vim.api.nvim_buf_set_text(buf, 0, 13, 0, 16, { "말" })  -- replace 국 (bytes 13–16) with 말
  vim.api.nvim_buf_set_text(buf, 0, 0, 0, 0, { "é", "" })  -- a new first line
  vim.wait(300)
  result.buffer = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  result.state = server_text()
  result.steps.final = diagnostics()
end)

if not ok then
  result.error = tostring(err)
  finish(1)
else
  finish(0)
end
