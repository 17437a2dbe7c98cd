export { SystemParametersPage as default } from './parameters-page';
