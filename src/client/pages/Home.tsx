// Panel home: greets the user and lists the sections they may open.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../core/documentTitle.ts';
import { navEntries, navPath, SCREENS } from '../core/screens.ts';
import { useSession } from '../core/session.tsx';
import type { ScreenProps } from './screenProps.ts';

export default function Home({ screen }: ScreenProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  useDocumentTitle(t(screen.title));
  if (!me) return null;
  const entries = navEntries(SCREENS, me);
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.login;
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" className="page-title">
          {t('home.welcome', { name })}
        </h1>
        <p className="muted">{entries.length ? t('home.intro') : t('home.nothingAvailable')}</p>
      </header>
      {entries.length > 0 && (
        <ul className="tile-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link className="tile" to={navPath(entry.route)}>
                <span className="tile-title">{t(entry.nav.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
