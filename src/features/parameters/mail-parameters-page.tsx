export { MailParametersPage as default } from './parameters-page';
