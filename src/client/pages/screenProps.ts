import type { Screen } from '../core/screens.ts';

/** What every registered screen component receives. */
export interface ScreenProps {
  screen: Screen;
}
