-- StableText for Neovim's built-in LSP client (Neovim 0.7 or later).
--
--   require("stabletext").setup({
--     rules = { maxLength = 500 },            -- optional: initializationOptions.rules
--     overrides = { ... },                    -- optional: initializationOptions.overrides
--     filetypes = { "markdown" },             -- optional: served always
--     when_configured = { "markdown", "text" },  -- the default: served where rules apply
--   })
--
-- The daemon starts from the editor defaults (initializationOptions.defaults "editor": no limit
-- of the whole text, a blank text not reported, the final newline not counted), so a buffer
-- gets diagnostics only from what someone chose: git's conventions for commit messages, a
-- .stabletext.json, an .editorconfig's max_line_length, or `rules`/`overrides` here.
--
-- Which buffers it serves: `gitcommit` buffers always; buffers of `filetypes` always (a user who
-- lists "markdown" gets every Markdown buffer); buffers of `when_configured` only when
-- `stabletext rules --format json FILE` says a .stabletext.json or an .editorconfig's
-- max_line_length covers the buffer's file ("covered": true), or that a configuration file is
-- invalid (exit 2: the daemon then says which file and field). Anything else is left alone, so
-- the daemon never runs for a file nobody configured. `:echo b:stabletext` says why a buffer is
-- served or not ("commit message", "listed", "covered", "invalid configuration", "not covered"). `rules` and `overrides` apply in the
-- buffers it serves: list the filetypes to have them everywhere.
-- One daemon serves every buffer (and every :e! of one).
--
-- In the buffers it serves it completes with <C-x><C-o> (the buffer's 'omnifunc' is set to
-- vim.lsp.omnifunc unless something set one already) and shows the daemon's counters after
-- their lines (the subject's `22/100`, the whole text's `07/150`): Neovim 0.10's own inlay hints,
-- turned on for those buffers; before 0.10, which draws none, virtual text the package draws
-- from the daemon's textDocument/inlayHint answers, asked again as the text changes.
-- The daemon runs with --log-level warning: Neovim writes a server's stderr to lsp.log as
-- [ERROR], and its info lines (started, initialized) are none.
local M = {}

M.defaults = {
  cmd = { "stabletext", "--stdio", "--log-level", "warning" },
  -- Served always, besides `gitcommit`.
  filetypes = {},
  -- Served where `stabletext rules` says the file is covered.
  when_configured = { "markdown", "text" },
  -- Layered over the editor defaults (Protocol/README.md, "Which defaults apply where"), which
  -- already leave out the final newline Neovim always syncs.
  rules = {},
  overrides = nil,
  -- Passed to vim.lsp.start_client as they are (on_attach, capabilities, handlers, …).
  client = {},
}

-- Commit-message buffers, served always: the daemon gives them git's conventions.
M.commit_filetypes = { "gitcommit" }

local config = nil
local client_id = nil

-- The running client, or nil.
function M.client()
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  if client and not client.is_stopped() then
    return client
  end
  return nil
end

-- The counters: the daemon's inlay hints, drawn as virtual text at the end of their lines.
local counters = vim.api.nvim_create_namespace("stabletext.counters")
vim.cmd("highlight default link StableTextCounter Comment")

-- Draws `hints` (an InlayHint[] answer) in `bufnr`, in place of the counters drawn before.
function M.draw(bufnr, hints)
  vim.api.nvim_buf_clear_namespace(bufnr, counters, 0, -1)
  local last = vim.api.nvim_buf_line_count(bufnr) - 1
  for _, hint in ipairs(hints or {}) do
    local label = hint.label
    if type(label) == "table" then
      local parts = {}
      for _, part in ipairs(label) do
        table.insert(parts, part.value)
      end
      label = table.concat(parts)
    end
    -- Every counter ends a line (the whole text's may be past the last one Neovim holds), and
    -- text at the end of a line is drawn a cell after it: that cell is `paddingLeft`'s space.
    local line = math.min(hint.position.line, last)
    vim.api.nvim_buf_set_extmark(bufnr, counters, line, 0, {
      virt_text = { { label, "StableTextCounter" } },
      virt_text_pos = "eol",
      hl_mode = "combine",
    })
  end
end

-- Asks the daemon for `bufnr`'s counters and draws them, unless the text changed meanwhile (a
-- later ask is on its way). The request first sends the changes Neovim holds back.
function M.refresh(bufnr)
  local client = M.client()
  if not client or not vim.api.nvim_buf_is_loaded(bufnr) then
    return
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    -- To the start of the line after the last: past the end, which the daemon clamps.
    range = { start = { line = 0, character = 0 }, ["end"] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 } },
  }
  client.request("textDocument/inlayHint", params, function(err, result)
    if err or not vim.api.nvim_buf_is_loaded(bufnr) or vim.api.nvim_buf_get_changedtick(bufnr) ~= tick then
      return
    end
    M.draw(bufnr, result)
  end, bufnr)
end

local refreshing = vim.api.nvim_create_augroup("stabletext.counters", { clear = true })
local timers = {}

-- Draws `bufnr`'s counters now and after each change: a burst of keys asks once, 50 ms after
-- Neovim has sent the changes (`debounce_text_changes` after the last). A request sends the
-- changes Neovim holds back, but asked while its own send is already scheduled (its timer
-- fired, its callback not yet run), Neovim 0.7 sends the same version twice, the second time
-- with no changes: the daemon then takes the document as out of sync (seen at 100 ms).
local function draw_counters(bufnr, client)
  local delay = (client.config.flags and client.config.flags.debounce_text_changes or 150) + 50
  vim.api.nvim_clear_autocmds({ group = refreshing, buffer = bufnr })
  vim.api.nvim_create_autocmd({ "TextChanged", "TextChangedI", "TextChangedP" }, {
    group = refreshing,
    buffer = bufnr,
    callback = function()
      if timers[bufnr] then
        timers[bufnr]:stop()
      else
        timers[bufnr] = vim.loop.new_timer()
      end
      timers[bufnr]:start(delay, 0, vim.schedule_wrap(function()
        M.refresh(bufnr)
      end))
    end,
  })
  vim.api.nvim_create_autocmd("BufUnload", {
    group = refreshing,
    buffer = bufnr,
    callback = function()
      if timers[bufnr] then
        timers[bufnr]:close()
        timers[bufnr] = nil
      end
    end,
  })
  M.refresh(bufnr)
end

-- What a served buffer gets once the daemon is attached: completion on <C-x><C-o> and the
-- counters, from Neovim's own inlay hints where it has them (0.10+), else drawn here.
function M.on_attach(client, bufnr)
  if vim.bo[bufnr].omnifunc == "" then
    vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
  end
  local hints = vim.lsp.inlay_hint
  if not (type(hints) == "table" and pcall(hints.enable, true, { bufnr = bufnr })) then
    draw_counters(bufnr, client)
  end
  if config.client.on_attach then
    config.client.on_attach(client, bufnr)
  end
end

-- Starts the daemon when none runs and attaches buffer `bufnr` (0 for the current one).
function M.attach(bufnr)
  assert(config, 'stabletext: call require("stabletext").setup() first')
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  if not M.client() then
    local options = vim.tbl_extend("force", config.client, {
      name = "stabletext",
      on_attach = M.on_attach,
      cmd = config.cmd,
      root_dir = config.client.root_dir or vim.fn.getcwd(),
      init_options = {
        defaults = "editor",
        -- An empty Lua table would go out as a JSON array: left out instead.
        rules = next(config.rules) ~= nil and config.rules or nil,
        overrides = config.overrides,
      },
    })
    client_id = vim.lsp.start_client(options)
    if not client_id then
      vim.notify("stabletext: could not start " .. table.concat(config.cmd, " "), vim.log.levels.ERROR)
      return nil
    end
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
  return client_id
end

-- What `stabletext rules --format json` says of a file: "covered" (exit 0, "covered": true),
-- "invalid configuration" (exit 2: the daemon names the file and field once attached), or
-- "not covered" (anything else, a missing binary included: stay quiet).
function M.verdict(status, output)
  if status == 2 then
    return "invalid configuration"
  end
  local ok, decoded = pcall(vim.json.decode, output)
  if status == 0 and ok and type(decoded) == "table" and type(decoded[1]) == "table" and decoded[1].covered == true then
    return "covered"
  end
  return "not covered"
end

-- Attaches `bufnr` if its file is covered, asking `stabletext rules` without blocking the editor.
local function attach_if_covered(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" or vim.bo[bufnr].buftype ~= "" then
    vim.b[bufnr].stabletext = "not covered"
    return
  end
  local output = {}
  -- No binary (jobstart fails or returns -1): nothing to serve with, and nothing to say.
  pcall(vim.fn.jobstart, { config.cmd[1], "rules", "--format", "json", path }, {
    stdout_buffered = true,
    on_stdout = function(_, data)
      output = data
    end,
    on_exit = function(_, status)
      vim.schedule(function()
        if not vim.api.nvim_buf_is_valid(bufnr) or vim.api.nvim_buf_get_name(bufnr) ~= path then
          return
        end
        local verdict = M.verdict(status, table.concat(output, "\n"))
        vim.b[bufnr].stabletext = verdict
        if verdict ~= "not covered" then
          M.attach(bufnr)
        end
      end)
    end,
  })
end

-- Serves buffer `bufnr` as its filetype asks: always, where configured, or not at all.
function M.consider(bufnr)
  local filetype = vim.bo[bufnr].filetype
  if vim.tbl_contains(M.commit_filetypes, filetype) then
    vim.b[bufnr].stabletext = "commit message"
    M.attach(bufnr)
  elseif vim.tbl_contains(config.filetypes, filetype) then
    vim.b[bufnr].stabletext = "listed"
    M.attach(bufnr)
  elseif vim.tbl_contains(config.when_configured, filetype) then
    attach_if_covered(bufnr)
  end
end

function M.setup(options)
  options = options or {}
  config = {
    -- Lists are taken whole, not merged index by index.
    cmd = options.cmd or M.defaults.cmd,
    filetypes = options.filetypes or M.defaults.filetypes,
    when_configured = options.when_configured or M.defaults.when_configured,
    rules = vim.tbl_extend("force", M.defaults.rules, options.rules or {}),
    overrides = options.overrides or M.defaults.overrides,
    client = options.client or M.defaults.client,
  }
  local group = vim.api.nvim_create_augroup("stabletext", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = vim.list_extend(vim.list_extend(vim.deepcopy(M.commit_filetypes), config.filetypes), config.when_configured),
    callback = function(args)
      M.consider(args.buf)
    end,
  })
  -- Buffers opened before setup ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      M.consider(bufnr)
    end
  end
end

return M
