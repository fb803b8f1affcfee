import 'reflect-metadata';
import { runService } from '@kartlink/server-kit';
import { appModule } from './app.module';
import { configSchema } from './config';

void runService({ service: 'shop', schema: configSchema, module: appModule });
