import 'reflect-metadata';
import { runMigrate } from '@kartlink/server-kit';
import { configSchema } from './config';
import { dataSourceOptions } from './database';

void runMigrate({ service: 'media', schema: configSchema, dataSource: dataSourceOptions });
