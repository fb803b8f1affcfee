import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string) {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string) {
    return this.users.findOneBy({ email });
  }

  findByPhone(phoneNumber: string) {
    return this.users.findOneBy({ phoneNumber });
  }

  findByGoogleSubject(googleSubject: string) {
    return this.users.findOneBy({ googleSubject });
  }

  create(values: Partial<UserEntity>, manager?: EntityManager) {
    const repo = manager ? manager.getRepository(UserEntity) : this.users;
    return repo.save(repo.create(values));
  }

  save(user: UserEntity, manager?: EntityManager) {
    return (manager ? manager.getRepository(UserEntity) : this.users).save(user);
  }
}
