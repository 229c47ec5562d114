-- The README's Neovim set-up from a checkout: the plugin in editors/nvim (which a plugin
-- manager, or the Debian package's pack/ folder, puts on the runtimepath) and the README's call.
-- The test command runs this file as git's editor, with $STABLETEXT_NVIM_PLUGIN naming the
-- plugin's folder (EditorSetupsAsPrinted runs the README's init.lua itself, on a fresh HOME).
vim.opt.runtimepath:prepend(os.getenv("STABLETEXT_NVIM_PLUGIN"))
require("stabletext").setup({
  -- rules = { maxLength = 500 },   -- optional: initializationOptions.rules, over the editor defaults
})
