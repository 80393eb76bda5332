// @bozor/shared — the one contract between the shell and the remotes (docs/architecture.md "The shared contract").
export * from './contract';
export * from './hydration';
export type { DataRequest, SsrContext } from './ssrData';
export { LANGS, DEFAULT_LANG, type Lang } from './langs';
// the entities' types; their zod schemas are the `@bozor/shared/schemas` subpath (contract 2.0.0)
export type { AuthState, Card, CartItem, Category, CheckoutForm, DeliverySettings, LoginResponse, Order, Product, Slide, Store, User } from './schemas';
export * from './format';
export * from './mask';
export {
  createApiClient,
  ApiError,
  withPuzzle,
  type Answer,
  type ApiCalls,
  type ApiClient,
  type ApiClientOptions,
  type ApiErrorDetails,
  type Body,
  type CallOptions,
  type HttpMethod,
  type Method,
  type PathParams,
  type PathsOf,
  type Query,
  type SessionEndedListener,
} from './api/client';
export { apiUrl } from './api/url';
export { createI18n, isLang, commonStrings } from './i18n';
export * from './stores/services';
export * from './stores/auth';
export * from './stores/cart';
export * from './stores/favourites';
export * from './stores/app';
export { tokens, designCss } from './design/tokens';
export { Button, type ButtonProps } from './design/Button';
export { Input, type InputProps } from './design/Input';
export { Dialog, type DialogProps } from './design/Dialog';
export { ToastViewport } from './design/Toast';
export { Price } from './design/Price';
export * from './routes';
export { NotFoundPage, ServerErrorPage } from './design/ErrorPages';
export { useAfterNextRender, useAsync, useCountdown, useFocusOnSignIn, usePoll, useSignedInHere, type AsyncSeed, type AsyncState, type PollOptions } from './hooks';
export { PAGE_NAME_EVENT, useAnnouncePageName, type PageNameDetail } from './pageName';
export { RemoteInfo, type RemoteInfoProps } from './design/RemoteInfo';
