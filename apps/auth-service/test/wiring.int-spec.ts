import { describeServiceWiring } from '@kartlink/testing';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

describeServiceWiring({
  service: 'auth',
  schema: configSchema,
  module: appModule,
  dataSource: dataSourceOptions,
});
