-- StableText for Neovim's built-in LSP client (Neovim 0.7 or later).
--
--   require("stabletext").setup({
--     rules = { maxLength = 500 },          -- optional: initializationOptions.rules
--     overrides = { ... },                  -- optional: initializationOptions.overrides
--     filetypes = { "gitcommit", "markdown", "text" },
--   })
--
-- The daemon starts from the editor defaults (initializationOptions.defaults "editor": no limit
-- of the whole text, a blank text not reported, the final newline not counted), so a buffer
-- gets diagnostics only from what someone chose: git's conventions for commit messages, a
-- .stabletext.json, an .editorconfig's max_line_length, or `rules`/`overrides` here.
-- One daemon serves every buffer of the listed filetypes (and every :e! of one).
local M = {}

M.defaults = {
  cmd = { "stabletext", "--stdio" },
  filetypes = { "gitcommit", "markdown", "text" },
  -- Layered over the editor defaults (Protocol/README.md, "Which defaults apply where"), which
  -- already leave out the final newline Neovim always syncs.
  rules = {},
  overrides = nil,
  -- Passed to vim.lsp.start_client as they are (on_attach, capabilities, handlers, …).
  client = {},
}

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

-- Starts the daemon when none runs and attaches buffer `bufnr` (0 for the current one).
function M.attach(bufnr)
  assert(config, 'stabletext: call require("stabletext").setup() first')
  if bufnr == nil or bufnr == 0 then
    bufnr = vim.api.nvim_get_current_buf()
  end
  if not M.client() then
    local options = vim.tbl_extend("force", config.client, {
      name = "stabletext",
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

function M.setup(options)
  options = options or {}
  config = {
    -- Lists are taken whole, not merged index by index.
    cmd = options.cmd or M.defaults.cmd,
    filetypes = options.filetypes or M.defaults.filetypes,
    rules = vim.tbl_extend("force", M.defaults.rules, options.rules or {}),
    overrides = options.overrides or M.defaults.overrides,
    client = options.client or M.defaults.client,
  }
  local group = vim.api.nvim_create_augroup("stabletext", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers opened before setup ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

return M
