// The floor of the browser bench: the least a React page can do to show the recipients list: react and
// react-dom only, one fetch of the same rows the panel asks for, a plain table of the same columns' values.
// The panel's first rows are measured against this page (DESIGN.md, "Performance budgets").
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Recipient {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  blocked: boolean;
  createdAt: string;
}

// The panel's request for /panel/recipients?limit=50 (its default order), with its session token.
const LIST = '/api/payout/recipient?page=1&limit=50&orderBy=createdAt&order=DESC';
const TOKEN_KEY = 'token';

const pad = (n: number) => String(n).padStart(2, '0');
const dateTime = (value: string) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

function Floor() {
  const [rows, setRows] = useState<Recipient[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    fetch(LIST, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { items: Recipient[] };
        setRows(body.items);
      })
      .catch((e: unknown) => setError(String(e)));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>First name</th>
          <th>Last name</th>
          <th>Phone number</th>
          <th>E-mail</th>
          <th>Blocked</th>
          <th>Created at</th>
        </tr>
      </thead>
      <tbody>
        {(rows ?? []).map((r) => (
          <tr key={r.id}>
            <td>{r.firstName}</td>
            <td>{r.lastName}</td>
            <td>{r.phoneNumber}</td>
            <td>{r.email}</td>
            <td>{r.blocked ? 'Yes' : 'No'}</td>
            <td>{dateTime(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

createRoot(document.getElementById('root')!).render(<Floor />);
