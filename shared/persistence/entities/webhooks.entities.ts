export { WebhookEvent } from './webhook-event.entity';
