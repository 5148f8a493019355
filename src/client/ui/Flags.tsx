import { useId } from 'react';

// Language flags for the switcher: the British flag stands for English (spec), the Polish flag for Polish.

export function FlagGB() {
  // Unique ids: the flag may appear more than once on a page.
  const id = `flag-gb${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  return (
    <svg className="flag" viewBox="0 0 60 30" width="24" height="12" aria-hidden="true" focusable="false">
      <clipPath id={`${id}-clip`}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={`${id}-diag`}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${id}-clip)`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${id}-diag)`} stroke="#C8102E" strokeWidth="4" />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}

export function FlagPL() {
  return (
    <svg className="flag" viewBox="0 0 16 10" width="20" height="12.5" aria-hidden="true" focusable="false">
      <rect width="16" height="10" fill="#fff" />
      <rect y="5" width="16" height="5" fill="#DC143C" />
      <rect width="16" height="10" fill="none" stroke="#d0d5dd" strokeWidth="0.4" />
    </svg>
  );
}
