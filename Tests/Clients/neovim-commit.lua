-- Runs as git's editor (after neovim-setup.lua): records what the user sees in a real commit
-- buffer, checks that buffers share one daemon, then writes a subject and quits so git commits.
-- The result goes to the JSON file named by $STABLETEXT_RESULT; the Swift test asserts it.
local write_result = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "result.lua")
local result = { steps = {} }

local function children(name)
  local count = 0
  for line in vim.fn.system("ps -o comm= --ppid " .. vim.fn.getpid()):gmatch("[^\n]+") do
    if line == name then count = count + 1 end
  end
  return count
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  assert(vim.wait(10000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20), "no client attached")
  local _, client = next(vim.lsp.buf_get_clients(buf))
  assert(vim.wait(10000, function() return client.initialized end, 20), "client did not initialize")

  local function diagnostics()
    local items = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(items, { code = code, lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
        message = d.message })
    end
    return items
  end
  local function wait_for(predicate)
    vim.wait(10000, function() return predicate(diagnostics()) end, 20)
    return diagnostics()
  end
  local function has(code, severity)
    return function(items)
      for _, d in ipairs(items) do
        if d.code == code and (severity == nil or d.severity == severity) then return true end
      end
      return false
    end
  end

  -- 1. git's template alone, untouched: once the daemon has answered a request (it publishes
  -- before it answers) and Neovim has handled what came before the answer.
  assert(client.request_sync("stableText/state", { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 10000, buf),
    "no state")
  vim.wait(100, function() return false end, 20)
  result.steps.template = diagnostics()
  -- 2–4. Subjects of 60 and 80 columns, and 30 Korean syllables (60 columns).
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { string.rep("s", 60) })
  result.steps.sixty = wait_for(has("line-too-long", 2))
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { string.rep("e", 80) })
  result.steps.eighty = wait_for(has("line-too-long", 1))
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { string.rep("한", 30) })
  result.steps.korean = wait_for(function(items) return has("line-too-long", 2)(items) and items[1].col == 75 end)

  -- 4b. The subject in $STABLETEXT_SUBJECT (Korean with an emoji first), then a letter typed just
  -- after the emoji; the daemon's text must still be the buffer's.
  local function message_has(code, text)
    return function(items)
      for _, d in ipairs(items) do
        if d.code == code and d.message:find(text, 1, true) then return true end
      end
      return false
    end
  end
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { os.getenv("STABLETEXT_SUBJECT") })
  result.steps.korean_emoji = wait_for(message_has("line-too-long", "67/50"))
  local emoji_bytes = #vim.fn.strcharpart(os.getenv("STABLETEXT_SUBJECT"), 0, 1)
  vim.api.nvim_buf_set_text(buf, 0, emoji_bytes, 0, emoji_bytes, { "x" })
  result.steps.after_emoji = wait_for(message_has("line-too-long", "68/50"))
  local response = client.request_sync("stableText/state",
    { textDocument = { uri = vim.uri_from_bufnr(buf) }, includeText = true }, 5000, buf)
  local lines = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
  result.in_sync = response ~= nil and response.result ~= nil and response.result.text == lines
    and response.result.outOfSync == false

  -- 5. A second buffer shares the daemon, and so does reloading the first one. (Another commit
  -- message: a Markdown file that no rules cover is not served at all.)
  local other = vim.fn.tempname() .. "/MERGE_MSG"
  vim.fn.mkdir(vim.fn.fnamemodify(other, ":h"), "p")
  vim.cmd("split " .. other)
  local second = vim.api.nvim_get_current_buf()
  vim.wait(10000, function() return next(vim.lsp.buf_get_clients(second)) ~= nil end, 20)
  result.clients_after_split = #vim.lsp.get_active_clients()
  result.daemons_after_split = children("stabletext")
  vim.cmd("close")
  vim.api.nvim_set_current_buf(buf)
  vim.cmd("write")
  vim.cmd("edit!")
  vim.wait(500)
  result.clients_after_reload = #vim.lsp.get_active_clients()
  result.daemons_after_reload = children("stabletext")

  -- 6. A good subject, written and quit: git commits it.
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { "Subject from Neovim" })
  result.steps.good = wait_for(function(items) return not has("line-too-long")(items) end)
end)

if not ok then result.error = tostring(err) end
write_result(result)
vim.cmd(ok and "wq" or "cq!")
