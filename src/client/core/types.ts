// Shapes of the public API answers the client core reads.
import type { CustomerFeature } from '../../shared/customerFeatures.ts';
import type { Deployment } from '../../shared/deployment.ts';
import type { LoginVariant } from '../../shared/customers.ts';
import type { RepresentativeKind, UserType } from '../../shared/permissionNames.ts';

export type { LoginVariant };

export interface AppConfig {
  appName: string;
  supportEmail: string;
  poweredBy: { text: string; url: string } | null;
  loginVariant: LoginVariant;
  customer: { name: string; url: string; logoUrl: string | null; primaryColor: string | null } | null;
  availableLanguages: string[];
  limitOptions: number[];
  /** On `test` the panel and the collection page show the test deployment's banner. */
  deployment: Deployment;
  /** Where the browser reports errors and traces (SENTRY_CLIENT_DSN); null: no reporting code is loaded. */
  errorReportingDsn: string | null;
}

export interface Me {
  id: number | string;
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  type: UserType;
  representativeKind: RepresentativeKind | null;
  permissions: string[];
  customerId: number | string | null;
  /** `timeZone`: the customer's TIME_ZONE, in which the panel reads calendar periods; `features`: those it has on. */
  customer: {
    id: number | string;
    name: string;
    url: string;
    logoUrl: string | null;
    primaryColor: string | null;
    timeZone: string;
    features: CustomerFeature[];
  } | null;
  expiresIn: string;
}

export interface StatusAnswer {
  success?: boolean;
  isTechnicalBreak?: boolean;
}

export interface TokenAnswer {
  token: string;
  expiresIn: string;
}

interface AuthorizeAnswer {
  authorize: true;
}

export type LoginAnswer = TokenAnswer | AuthorizeAnswer;
