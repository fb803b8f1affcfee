/**
 * What the stack's tests may use of analytics-service, as the package entry
 * `@kartlink/analytics-service/testing`: the name of its JetStream consumer.
 */
export { STORE_CONSUMER } from './events/events.consumer';
