// The one signal type is `SystemCalls`' `Signal`, which sends, blocks and handles signals; the prompt's public
// `PromptError` carries it, so it is re-exported here, alone: the rest of that layer stays package access.
@_exported public import enum SystemCalls.Signal
