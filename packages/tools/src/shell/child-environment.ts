import { safeSearchPath } from './command-name.js';

/**
 * The whole environment of a command. Nothing is inherited from this process, so
 * secrets such as `SVC_Llm__ApiKey` never reach a child. HOME is the working
 * directory, so no program reads the real user's dotfiles; git reads no system
 * or global configuration and never prompts or pages.
 */
export function childEnvironment(home: string): Record<string, string> {
  return {
    PATH: safeSearchPath,
    LANG: 'C.UTF-8',
    HOME: home,
    TERM: 'dumb',
    GIT_CONFIG_NOSYSTEM: '1',
    // HOME is a folder the agent may write to; a ~/.gitconfig there must not count.
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
  };
}
