"""marshmallow schemas: request bodies in, answers out."""
