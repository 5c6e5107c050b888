// One import for a consumer of the `PasscodeKeypad` product: the accessible prompt (`TerminalPasscodePrompt.current()`,
// `AccessiblePrompt`'s one public function), the terminal's prompt, its settings and remote, the engine's
// configuration, verdicts and secret storage, the locked buffer a code is kept in, and the colour choice a
// `PromptSettings` takes (`ColorMode`, alone of its module). The async verifier is this target's own.
@_exported import AccessiblePrompt
@_exported import LockedSecretStorage
@_exported import PasscodeEngine
@_exported import PasscodeTerminal

@_exported public import enum PasscodePreferences.ColorMode
